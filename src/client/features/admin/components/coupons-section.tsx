import { formatPaise } from "../../../../shared/money.js";
import type { CouponDto } from "../../../../shared/schemas/coupons.js";
import { formatInstant } from "../../../../shared/time.js";
import { useCatalogLabel } from "../../../shared/catalog/get-catalog.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { useCoupons } from "../api/get-coupons.js";
import { useSetCouponActive } from "../api/set-coupon-active.js";
import { CouponForm } from "./coupon-form.js";
import { LoadMore } from "./load-more.js";
import { SectionLayout } from "./section-layout.js";

/** Coupons (docs/admin.md, Coupons): create, see each one's use, stop or allow new redemptions. */
export function CouponsSection() {
  const list = useCoupons();
  const coupons = { ...list, data: list.data?.pages.flatMap((page) => page.coupons) };
  return (
    <SectionLayout id="coupons" title="Coupons">
      <CouponForm />
      {coupons.isPending && <Spinner label="Loading coupons…" />}
      {coupons.isError && <Alert tone="error">{coupons.error.message}</Alert>}
      {coupons.data?.length === 0 && <p className="text-slate-700">No coupons yet.</p>}
      {coupons.data && coupons.data.length > 0 && (
        <ul aria-label="Coupons" className="divide-y divide-slate-200 rounded-xl border border-slate-300 bg-white">
          {coupons.data.map((c) => (
            <CouponRow key={c.id} coupon={c} />
          ))}
        </ul>
      )}
      <LoadMore list={list} />
    </SectionLayout>
  );
}

function CouponRow({ coupon: c }: { coupon: CouponDto }) {
  const config = useClientConfig();
  const toggle = useSetCouponActive();
  const label = useCatalogLabel();
  const when = (iso: string) => formatInstant(iso, config.data?.timeZone ?? "Asia/Kolkata", config.data?.timeZoneLabel);
  const discount = c.percentOff !== null ? `${c.percentOff}% off` : `${formatPaise(c.amountOffPaise ?? 0)} off`;
  const validity = [c.validFrom && `from ${when(c.validFrom)}`, c.validTo && `until ${when(c.validTo)}`]
    .filter(Boolean)
    .join(" ");
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm text-slate-900">
      <div className="min-w-0 space-y-0.5">
        <p>
          <strong className="font-mono text-base">{c.code}</strong> · {discount}
          {!c.active && <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs text-slate-800">Inactive</span>}
        </p>
        <p className="text-slate-700">
          {c.packages.length === 0 ? "Every package" : c.packages.map((k) => label(k)).join(", ")}
          {validity && ` · ${validity}`}
        </p>
        <p>
          Used {c.redemptions}
          {c.maxRedemptions !== null ? ` of ${c.maxRedemptions}` : ""} · {c.paidRedemptions} paid ·{" "}
          {formatPaise(c.discountPaise)} discount given
        </p>
        {toggle.error && <Alert tone="error">{toggle.error.message}</Alert>}
      </div>
      <Button
        variant="secondary"
        disabled={toggle.isPending}
        onClick={() => toggle.mutate({ id: c.id, active: !c.active })}
      >
        {c.active ? "Deactivate" : "Activate"}
        <span className="sr-only"> {c.code}</span>
      </Button>
    </li>
  );
}
