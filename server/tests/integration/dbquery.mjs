// Reads the test server's database directly (sqlite3 CLI or psql), for checks the API does not expose
// (audit rows, the roster). Returns rows as arrays of strings.
import { execFile } from 'node:child_process';
import path from 'node:path';

export function dbQuery(server, sql) {
  const sqlite = server.databaseUrl.startsWith('sqlite');
  const [cmd, args] = sqlite
    ? ['sqlite3', ['-cmd', '.timeout 5000', '-separator', '\t', path.join(server.tmp, 'data', 'shopfloor.db'), sql]]
    : ['psql', [server.databaseUrl, '-qAt', '-F', '\t', '-c', sql]];
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`${cmd}: ${stderr}`));
      resolve(
        stdout
          .split('\n')
          .filter((l) => l.length)
          .map((l) => l.split('\t')),
      );
    });
  });
}
