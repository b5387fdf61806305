/** What other features use of auth: the only way in from outside the folder. */
export { LoginForm } from "./login-form";
export { isConfirmed } from "./recent-confirmation";
