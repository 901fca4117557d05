// `npm run dev`: the API server with reload (tsx watch) and the Rsbuild dev server with hot reload,
// which proxies /api and /ws to it. Open the URL Rsbuild prints (default http://localhost:5173).
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env: process.env }),
  spawn('npx', ['rsbuild', 'dev'], { stdio: 'inherit', env: process.env }),
];

function stop(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
