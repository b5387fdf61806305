/**
 * Field lengths of the public forms, for the inputs' `maxLength` and the schemas in
 * `forms.ts`. A module of its own so that a page that only needs the limits (the newsletter
 * forms) does not ship the schema library to the browser.
 */
export const LIMITS = { name: 100, email: 254, subject: 150, message: 4000 } as const;
