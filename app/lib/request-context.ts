import { createContext } from "react-router";

/** The client's address as the server determined it (socket, or the TRUST_PROXY header). */
export const clientAddressContext = createContext<string>("unknown");
