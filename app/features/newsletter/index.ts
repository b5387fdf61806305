/** What other features use of newsletter: the only way in from outside the folder. */
export { ConsentProof } from "./admin-consent-proof";
export { CONSENT_FORM_LABELS, CONSENT_RECORD_REASON_LABELS, type ConsentForm } from "./consent";
export { NEWSLETTER_OPT_IN_FORM, NEWSLETTER_SIMPLE_FORM } from "./forms";
export { NewsletterBlock, NewsletterCard } from "./newsletter-forms";
