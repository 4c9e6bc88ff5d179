// SIGINT, SIGTERM and SIGHUP for a command that writes outputs: the first signal asks it to stop at
// the next safe point (the pool stops submitting and checkpoints; output writing finishes), a second
// one runs the current phase's urgent action (stop at once, or roll the outputs back) and exits.

export const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** The conventional exit status of a process stopped by `sig` (128 + its number). */
export function signalExitCode(sig: string): number {
  return sig === 'SIGTERM' ? 143 : sig === 'SIGHUP' ? 129 : 130;
}

export class StopSignals {
  /** The first signal received, if any. */
  signal: NodeJS.Signals | null = null;
  private urgent: (sig: NodeJS.Signals) => void = StopSignals.exitNow;
  private first: ((sig: NodeJS.Signals) => void) | null = null;
  private installed = false;
  private readonly handler = (sig: NodeJS.Signals) => {
    if (this.signal === null) {
      this.signal = sig;
      this.first?.(sig);
    } else this.urgent(sig);
  };

  static exitNow(sig: NodeJS.Signals): void {
    process.stderr.write(`legions: second ${sig}: stopped at once\n`);
    process.exit(signalExitCode(sig));
  }

  install(): this {
    if (!this.installed) for (const s of SIGNALS) process.on(s, this.handler);
    this.installed = true;
    return this;
  }

  uninstall(): void {
    if (this.installed) for (const s of SIGNALS) process.off(s, this.handler);
    this.installed = false;
  }

  /** What a first signal does from now on, besides being recorded (e.g. telling the user what follows). */
  onFirst(action: ((sig: NodeJS.Signals) => void) | null): void {
    this.first = action;
  }

  /** What a second signal does from now on (it must end the process). */
  onUrgent(action: (sig: NodeJS.Signals) => void): void {
    this.urgent = action;
  }
}
