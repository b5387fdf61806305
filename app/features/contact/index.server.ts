/** What other features use of contact on the server: the only way in from outside the folder. */
export { pruneContactSubmissions } from "./queries.server";
