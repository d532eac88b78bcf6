// The benchmark's flag for a busy machine (bench/page/other-work.mjs): work that is not the
// benchmark's counts, the benchmark's own children do not, even once they outlive their parent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { watchOtherWork } from '../../bench/page/other-work.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const linux = fs.existsSync('/proc/stat');
const BUSY = 'while :; do :; done';

test('a busy process that is not the benchmark\'s counts as other work', { skip: !linux }, async () => {
  // Started through a shell that exits at once: the loop's parent is then not this process.
  const { stdout } = spawnSync('sh', ['-c', `sh -c '${BUSY}' >/dev/null 2>&1 & echo $!`], { encoding: 'utf8' });
  const pid = Number(stdout.trim());
  try {
    await sleep(200);
    const watch = watchOtherWork();
    await sleep(2000);
    const cpus = watch.stop();
    assert.ok(cpus > 0.5, `other work ${cpus} CPUs while a loop of someone else's ran`);
  } finally {
    process.kill(pid, 'SIGKILL');
  }
});

test('the benchmark\'s own children, and their orphans, are not other work', { skip: !linux }, async () => {
  const watch = watchOtherWork();
  // A child that starts a loop and exits, leaving the loop to outlive it (as Chromium's renderers
  // outlive their browser); the loop was ours when first seen.
  const child = spawn('sh', ['-c', `sh -c '${BUSY}' >/dev/null 2>&1 & echo $!; sleep 0.5`]);
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  await new Promise((resolve) => child.on('exit', resolve));
  const pid = Number(out.trim());
  try {
    await sleep(1500);
  } finally {
    process.kill(pid, 'SIGKILL');
  }
  const cpus = watch.stop();
  assert.ok(cpus !== null && cpus < 0.3, `other work ${cpus} CPUs while only our own loop ran`);
});
