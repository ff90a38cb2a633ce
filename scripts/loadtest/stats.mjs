// Latencies and outcomes per endpoint: every answered request (its last attempt), 5xx/no answer as errors,
// 4xx apart (the script's requests are all valid: a 4xx is a finding too), and the attempts that failed in
// flight (a dying node) and were retried.
const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0);

export class Stats {
  #by = new Map();
  #of(name) {
    let s = this.#by.get(name);
    if (!s) this.#by.set(name, (s = { times: [], at: [], errors: 0, client: 0, retried: 0, statuses: {} }));
    return s;
  }
  record(name, ms, status) {
    const s = this.#of(name);
    s.times.push(ms);
    s.at.push(Date.now() - ms); // when the request was sent (the report places the slowest ones in the run)
    s.statuses[status] = (s.statuses[status] ?? 0) + 1;
    if (status === 0 || status >= 500) s.errors++;
    else if (status >= 400) s.client++;
  }
  inFlightFailure(name) { this.#of(name).retried++; }
  requests() { let n = 0; for (const s of this.#by.values()) n += s.times.length; return n; }
  rows() {
    return [...this.#by.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, s]) => {
      const t = [...s.times].sort((a, b) => a - b);
      const order = s.times.map((ms, i) => i).sort((a, b) => s.times[b] - s.times[a]);
      const tail = order.slice(0, Math.max(1, Math.ceil(t.length / 100))).map((i) => ({ ms: s.times[i], at: s.at[i] }));
      return { name, count: t.length, tail, p50: pct(t, 0.5), p95: pct(t, 0.95), p99: pct(t, 0.99), max: t.at(-1) ?? 0, errors: s.errors, client: s.client, retried: s.retried, statuses: s.statuses };
    });
  }
}
export { pct };
