import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandSocketPath, sendCommand, startCommandChannel } from './command-channel.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'boxabroad-command-channel-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the command channel', () => {
  it('answers each command in a line, hands a file back after it, and says no to the rest', async () => {
    const file = new Uint8Array(300_000).map((_, i) => i % 251);
    const channel = await startCommandChannel(
      dir,
      {
        hello: async (request) => ({
          reply: { ok: true, message: `hello ${String(request.name)}` },
        }),
        file: async () => ({ reply: { ok: true, message: 'here it is' }, body: file }),
        broken: async () => {
          throw new Error('It broke.');
        },
      },
      pino({ level: 'silent' }),
    );
    try {
      // Only the machine account that runs the site can reach it.
      expect((await stat(commandSocketPath(dir))).mode & 0o777).toBe(0o600);
      expect((await stat(join(dir, 'control'))).mode & 0o777).toBe(0o700);
      expect(await sendCommand(dir, { command: 'hello', name: 'Ada' })).toEqual({
        reply: { ok: true, message: 'hello Ada' },
      });
      const answer = await sendCommand(dir, { command: 'file' });
      expect(answer?.reply).toEqual({ ok: true, message: 'here it is', bytes: file.byteLength });
      expect(Buffer.compare(answer!.body!, file)).toBe(0);
      expect(await sendCommand(dir, { command: 'broken' })).toEqual({
        reply: { ok: false, message: 'It broke.' },
      });
      for (const command of ['nothing', 'toString', '__proto__']) {
        expect(await sendCommand(dir, { command })).toEqual({
          reply: { ok: false, message: 'Unknown command.' },
        });
      }
    } finally {
      await channel.close();
    }
    // Nobody listens any more: the caller is told so (undefined), not left waiting.
    expect(await sendCommand(dir, { command: 'hello' })).toBe(undefined);
  });

  it('refuses a file that arrives cut short', async () => {
    const path = commandSocketPath(join(dir, 'cut'));
    await mkdir(dirname(path), { recursive: true });
    // A site that promises 10 bytes and dies after 4.
    const server = createServer((socket) => {
      socket.once('data', () =>
        socket.end(`${JSON.stringify({ ok: true, message: '', bytes: 10 })}\nabcd`),
      );
    });
    await new Promise<void>((resolve) => server.listen(path, resolve));
    try {
      await expect(sendCommand(join(dir, 'cut'), { command: 'file' })).rejects.toThrow(
        "The site's answer was cut short: 4 of 10 bytes arrived. Nothing was written.",
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
