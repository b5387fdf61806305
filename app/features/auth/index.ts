/** What other features use of auth: the only way in from outside the folder. */
export { SignInPage, type FirstRun } from "./first-run";
export { isConfirmed } from "./recent-confirmation";
