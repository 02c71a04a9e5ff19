/** A backend address where nothing listens, for "no backend → demo" runs (tests and benchmarks). */
export const NO_BACKEND_URL = "http://127.0.0.1:9";
