/**
 * Reads a service's configuration from the environment and fails at boot with one clear message
 * naming every missing or malformed variable.
 */
export class ConfigReader {
  private readonly problems: string[] = [];

  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {}

  string(name: string, fallback?: string): string {
    const value = this.env[name] ?? fallback;
    if (value === undefined || value === '') {
      this.problems.push(`${name} is required`);
      return '';
    }
    return value;
  }

  optional(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value === '' ? undefined : value;
  }

  int(name: string, fallback?: number): number {
    const raw = this.env[name];
    if (raw === undefined || raw === '') {
      if (fallback === undefined) this.problems.push(`${name} is required`);
      return fallback ?? 0;
    }
    const value = Number(raw);
    if (!Number.isInteger(value)) this.problems.push(`${name} must be an integer, got "${raw}"`);
    return value;
  }

  flag(name: string, fallback = false): boolean {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!['0', '1', 'true', 'false'].includes(raw)) this.problems.push(`${name} must be 0/1/true/false`);
    return raw === '1' || raw === 'true';
  }

  /** Throws when anything was missing or malformed. */
  done(service: string): void {
    if (this.problems.length > 0) {
      throw new Error(`${service}: invalid configuration: ${this.problems.join('; ')}`);
    }
  }
}
