import { CONTACT_RESPONSE_HOURS } from "../../../../shared/constants.js";
import { MESSAGES } from "../../../../shared/messages.js";
import ContactForm from "./contact-form.js";
import Faq from "./faq.js";
import { SectionHeading } from "./section-heading.js";
import Stories from "./stories.js";

export function StoriesSection() {
  return (
    <section id="stories" aria-labelledby="stories-title" className="landing-section bg-white">
      <div className="mx-auto w-full max-w-6xl px-4 py-6">
        <SectionHeading id="stories-title" eyebrow="Stories">
          Students who practised here
        </SectionHeading>
        <Stories />
      </div>
    </section>
  );
}

export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="landing-section bg-slate-50">
      <div className="mx-auto w-full max-w-6xl px-4 py-6">
        <SectionHeading id="faq-title" eyebrow="FAQ">
          Frequently asked questions
        </SectionHeading>
        <Faq />
      </div>
    </section>
  );
}

export function ContactSection({ onOpenLegal }: { onOpenLegal: () => void }) {
  return (
    <section id="contact" aria-labelledby="contact-title" className="landing-section flex flex-col bg-white">
      <div className="mx-auto grid w-full max-w-6xl flex-1 gap-8 px-4 py-8 md:grid-cols-[2fr_3fr]">
        <div>
          <SectionHeading id="contact-title" eyebrow="Contact">
            Questions? Write to us
          </SectionHeading>
          <p className="text-slate-700">
            Ask about packages, group bookings for your college, payments or anything else. We respond within{" "}
            {CONTACT_RESPONSE_HOURS} hours.
          </p>
          <p className="mt-4 text-slate-700">CareerPrep, Bengaluru, Karnataka, India.</p>
        </div>
        <ContactForm />
      </div>
      <footer className="border-t border-slate-200 px-4 py-6 text-center text-sm text-slate-700">
        <p>
          © {new Date().getFullYear()} CareerPrep ·{" "}
          <button type="button" onClick={onOpenLegal} className="font-medium text-brand-800 underline">
            {MESSAGES.legalLink}
          </button>
        </p>
      </footer>
    </section>
  );
}
