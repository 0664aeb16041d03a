import { Injectable, Logger } from '@nestjs/common';
import fs from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY_SHAPE = { publicKey: /^[A-Za-z0-9_-]{87}$/, privateKey: /^[A-Za-z0-9_-]{43}$/ };

/**
 * The site's Web Push (VAPID) key pair: the configured one, else the pair made on the first start and
 * kept in VAPID_KEYS_FILE, so browser subscriptions outlive restarts. The file is created exclusively:
 * two processes starting at once on a fresh install keep the one pair that was written first.
 */
@Injectable()
export class VapidKeyStore {
  private readonly logger = new Logger(VapidKeyStore.name);
  private keys: Promise<VapidKeys> | null = null;

  constructor(@InjectConfig('follows') private readonly config: ConfigSlice<'follows'>) {}

  get(): Promise<VapidKeys> {
    this.keys ??= this.load();
    this.keys.catch(() => (this.keys = null));
    return this.keys;
  }

  private async load(): Promise<VapidKeys> {
    const { vapidPublicKey, vapidPrivateKey, vapidKeysFile } = this.config;
    if (vapidPublicKey && vapidPrivateKey) return { publicKey: vapidPublicKey, privateKey: vapidPrivateKey };
    const kept = await readKeys(vapidKeysFile);
    if (kept) return kept;
    const made = webpush.generateVAPIDKeys();
    await fs.mkdir(path.dirname(vapidKeysFile), { recursive: true });
    try {
      await fs.writeFile(vapidKeysFile, JSON.stringify(made, null, 2), { flag: 'wx', mode: 0o600 });
      this.logger.log({ file: vapidKeysFile }, 'Made the Web Push VAPID keys');
      return made;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Another process wrote its pair first: that one is the site's.
      const other = await readKeys(vapidKeysFile);
      if (!other) throw new Error(`${vapidKeysFile} holds no VAPID key pair`, { cause: error });
      return other;
    }
  }
}

async function readKeys(file: string): Promise<VapidKeys | null> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<VapidKeys>;
  if (!KEY_SHAPE.publicKey.test(parsed.publicKey ?? '') || !KEY_SHAPE.privateKey.test(parsed.privateKey ?? '')) {
    throw new Error(`${file} is not a VAPID key pair ({ publicKey, privateKey }, base64url)`);
  }
  return { publicKey: parsed.publicKey!, privateKey: parsed.privateKey! };
}
