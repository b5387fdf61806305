/** What other features use of admin: the only way in from outside the folder. */
export {
  AdminActions,
  AdminActionsCell,
  AdminCell,
  AdminRow,
  AdminTable,
  DeleteRowButton,
  actionsApart,
} from "./admin-table";
export { ADMIN_MESSAGES, PROJECT_MESSAGES } from "./messages";
export { PagedList, pageParams } from "./paged-list";
