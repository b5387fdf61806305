/** What other features use of contact on the server: the only way in from outside the folder. */
export {
  contactIdsOf,
  contactsByAddress,
  deleteContactsByAddress,
  pruneContactSubmissions,
} from "./queries.server";
