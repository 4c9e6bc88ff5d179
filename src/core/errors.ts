// Errors the command line reports as one line (exit 2) rather than as a crash.

/** Thrown for bad user input; the CLI prints its message as one line and exits 2. */
export class InputError extends Error {}
