// Where the team's backend is looked for until the user names another: the
// worker's default config and the UI's saved settings and start config agree.

/** The backend's base URL for Socket.IO and REST by default (port 3001 on this machine). */
export const DEFAULT_BACKEND_URL = "http://localhost:3001";
