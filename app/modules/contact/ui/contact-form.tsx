import { useActionData } from "react-router";
import { useShell } from "~/components/shell/use-shell";
import { ChoiceContactForm } from "./choice-contact-form";

/**
 * The contact page's form (issue 32, the `contact-form` embed): topic, name, email, optional phone and message. Posts
 * to the page it is on (content-page.tsx's action); sent, it leads to the thank-you page. Works without JavaScript:
 * a refusal comes back as the page with each field's message beside it and what was typed. A signed-in visitor's
 * name and email are filled in.
 */
export function ContactForm({ topics }: { topics: readonly { value: string; label: string }[] }) {
  const { viewer } = useShell();
  return (
    // The page's text spaces its paragraphs apart (`[&_p]:mt-4`); the form's messages keep to their fields.
    <section aria-labelledby="contact-form-heading" className="not-prose mt-8 max-w-2xl [&_p]:mt-0!">
      <h3 id="contact-form-heading" className="text-lg font-semibold text-slate-900">
        Send us a message
      </h3>
      <ChoiceContactForm
        id="contact-form"
        className="mt-3"
        actionData={useActionData()}
        choice={{ name: "topic", label: "What is it about?", placeholder: "Choose a topic", options: topics }}
        stored={{ name: viewer?.name ?? "", email: viewer?.email ?? "", phone: "", message: "" }}
        rows={6}
        messageLabel="Your message"
        submitLabel="Send my message"
      >
        <p className="text-sm text-slate-600">
          We answer by email, usually within one business day, and use your details only to answer you.
        </p>
      </ChoiceContactForm>
    </section>
  );
}
