/** What other features use of admin on the server: the only way in from outside the folder. */
export { deleteFromAdminList, loadAdminList, updateInAdminList } from "./lists.server";
