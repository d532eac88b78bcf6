// The benchmark's flag for a busy machine (bench/page/other-work.mjs): work that is not the
// benchmark's counts as other work, and the benchmark's own children count as its own, even once
// they outlive their parent. Each test asserts only on the work it made, so that what else the
// machine runs meanwhile cannot make it fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { watchOtherWork } from '../../bench/page/other-work.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const linux = fs.existsSync('/proc/stat');
const BUSY = 'while :; do :; done';
// A busy loop gets at least this share of a CPU on a 2-CPU machine that other work keeps busy.
const LOOP_SHARE = 0.3;

test('a busy process that is not the benchmark\'s counts as other work', { skip: !linux }, async () => {
  // Started through a shell that exits at once: the loop's parent is then not this process.
  const { stdout } = spawnSync('sh', ['-c', `sh -c '${BUSY}' >/dev/null 2>&1 & echo $!`], { encoding: 'utf8' });
  const pid = Number(stdout.trim());
  try {
    await sleep(200);
    const watch = watchOtherWork();
    await sleep(2000);
    const { otherCpus } = watch.stop();
    assert.ok(otherCpus >= LOOP_SHARE, `other work ${otherCpus} CPUs while a loop of someone else's ran`);
  } finally {
    process.kill(pid, 'SIGKILL');
  }
});

test('the benchmark\'s own children, and their orphans, count as its own', { skip: !linux }, async () => {
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
  const { ownCpus } = watch.stop();
  assert.ok(ownCpus >= LOOP_SHARE, `the benchmark's own ${ownCpus} CPUs while its loop ran`);
});
