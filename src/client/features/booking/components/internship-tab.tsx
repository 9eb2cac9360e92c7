import { useState } from "react";
import type { CatalogKey, InternshipTrack } from "../../../../shared/constants.js";
import { INTERNSHIP_MESSAGES, MESSAGES } from "../../../../shared/messages.js";
import { formatPaise } from "../../../../shared/money.js";
import type { InternshipListing } from "../../../../shared/schemas/booking.js";
import { isFull } from "../../../../shared/seats.js";
import { formatDayLabel } from "../../../../shared/time.js";
import { useCatalog, useCatalogLabel, useCatalogTopics } from "../../../shared/catalog/get-catalog.js";
import { Spinner } from "../../../ui/alert.js";
import { useInternships } from "../api/listings.js";
import { ApplicationForm } from "./application-form.js";
import { FullBatch } from "./full-batch.js";

const isTrack = (value: string | null): value is InternshipTrack => value?.startsWith("int_") ?? false;

interface InternshipTabProps {
  onBook: (internshipId: string) => void;
  busy: boolean;
  /** The track asked for in the address (`?track=`); otherwise the track of the earliest batch. */
  initialTrack: string | null;
}

/** Track, then batch, then the batch's weekly plan and 'Book Slot' (or the waitlist when full). */
export function InternshipTab({ onBook, busy, initialTrack }: InternshipTabProps) {
  const internships = useInternships();
  const catalogTracks = useCatalogTopics("int_");
  const labelOf = useCatalogLabel();
  const [track, setTrack] = useState<InternshipTrack | undefined>(isTrack(initialTrack) ? initialTrack : undefined);
  const [batchId, setBatchId] = useState<string>();
  if (internships.isPending) return <Spinner label={MESSAGES.loadingInternship} />;
  if (internships.isError)
    return (
      <p role="alert" className="text-red-800">
        {INTERNSHIP_MESSAGES.loadFailed}
      </p>
    );
  const all = internships.data;
  // The catalog's tracks in its order, and any track a batch is sold as that it has not answered for yet.
  const tracks = [
    ...new Set([...(catalogTracks.data ?? []).map((t) => t.key as string), ...all.map((i) => i.trackKey as string)]),
  ].filter(isTrack);
  const chosenTrack = track ?? (all[0]?.trackKey as InternshipTrack | undefined) ?? tracks[0];
  const batches = all.filter((i) => i.trackKey === chosenTrack);
  const batch = batches.find((b) => b.id === batchId) ?? batches[0];
  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="text-lg font-semibold">{INTERNSHIP_MESSAGES.chooseTrack}</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {tracks.map((key) => {
            const open = all.filter((i) => i.trackKey === key);
            return (
              <label
                key={key}
                className="flex cursor-pointer flex-col gap-1 rounded-xl border border-slate-300 p-4 has-[:checked]:border-brand-700 has-[:checked]:ring-2 has-[:checked]:ring-brand-600"
              >
                <span className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="track"
                    value={key}
                    checked={chosenTrack === key}
                    onChange={() => {
                      setTrack(key);
                      setBatchId(undefined);
                    }}
                  />
                  <span className="font-semibold">{labelOf(key)}</span>
                </span>
                <span className="text-sm text-slate-700">
                  {open.length === 0 ? "No open batch" : `${open.length} ${open.length === 1 ? "batch" : "batches"}`}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {batches.length === 0 || !batch ? (
        <p className="rounded-lg bg-slate-50 p-4 text-slate-800">{INTERNSHIP_MESSAGES.noBatch}</p>
      ) : (
        <>
          {batches.length > 1 && (
            <fieldset>
              <legend className="text-lg font-semibold">{INTERNSHIP_MESSAGES.chooseBatch}</legend>
              <div className="mt-3 grid gap-3 sm:grid-cols-2">
                {batches.map((b) => (
                  <label
                    key={b.id}
                    className="flex cursor-pointer items-start gap-2 rounded-xl border border-slate-300 p-4 has-[:checked]:border-brand-700 has-[:checked]:ring-2 has-[:checked]:ring-brand-600"
                  >
                    <input
                      type="radio"
                      name="batch"
                      value={b.id}
                      checked={b.id === batch.id}
                      onChange={() => setBatchId(b.id)}
                      className="mt-1"
                    />
                    <span>
                      <span className="block font-semibold">Starts {formatDayLabel(b.startDate)}</span>
                      <span className="block text-sm text-slate-700">
                        Mentor {b.mentor} · {seatsText(b)}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <BatchDetails batch={batch} busy={busy} onBook={onBook} />
        </>
      )}
    </div>
  );
}

const seatsText = (batch: InternshipListing) => (isFull(batch.seatsLeft) ? "Full" : `${batch.seatsLeft} seats left`);

function BatchDetails({
  batch,
  busy,
  onBook,
}: {
  batch: InternshipListing;
  busy: boolean;
  onBook: (id: string) => void;
}) {
  const reason = useCatalog().data?.get(batch.trackKey as CatalogKey)?.unavailableReason;
  return (
    <article className="space-y-4 rounded-xl border border-slate-300 p-5">
      <header>
        <h3 className="text-xl font-semibold">{batch.title}</h3>
        <p className="text-slate-700">
          Starts {formatDayLabel(batch.startDate)} · Mentor {batch.mentor} · {batch.weeks} weeks ·{" "}
          {formatPaise(batch.pricePaise)}
        </p>
        <p className="text-sm text-slate-700">{seatsText(batch)}</p>
      </header>
      <ol className="space-y-3 border-l-2 border-brand-100 pl-4">
        {batch.weekPlans.map((week, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: weeks are positional; the list never reorders
          <li key={index}>
            <p className="font-semibold">
              Week {index + 1}: {week.title}
            </p>
            <p className="text-sm text-slate-700">{week.deliverables}</p>
          </li>
        ))}
      </ol>
      {!batch.available && (
        <div className="text-slate-700">
          <p className="font-medium">Not available</p>
          {reason && <p className="text-sm">{reason}</p>}
        </div>
      )}
      {batch.available && isFull(batch.seatsLeft) ? (
        <FullBatch batch={batch} />
      ) : (
        <ApplicationForm
          internshipId={batch.id}
          busy={busy}
          disabled={!batch.available}
          onApplied={() => onBook(batch.id)}
        />
      )}
    </article>
  );
}
