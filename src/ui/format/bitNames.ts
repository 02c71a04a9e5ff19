// A bit field's value as the names of its set bits: the one table and its
// reader live in workers/shared/motorFlags.ts, shared with the worker's alerts.
export { bitFieldText } from "../../../workers/shared/motorFlags";
