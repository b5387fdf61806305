/** What other features use of contact: the only way in from outside the folder. */
export { CONTACT_FORM } from "./form";
