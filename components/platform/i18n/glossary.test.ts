import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Messages } from '@/components/platform/i18n/messages';
import { adminMessages } from '@/components/platform/i18n/messages/admin';
import { adminDispatchMessages } from '@/components/platform/i18n/messages/admin-dispatches';
import { adminFleetMessages } from '@/components/platform/i18n/messages/admin-fleet';
import { commonMessages } from '@/components/platform/i18n/messages/common';
import { dispatchDetailMessages } from '@/components/platform/i18n/messages/dispatch-detail';
import { dispatchListMessages } from '@/components/platform/i18n/messages/dispatch-list';
import { driverMessages } from '@/components/platform/i18n/messages/driver';
import { newDispatchMessages } from '@/components/platform/i18n/messages/new-dispatch';
import { settingsMessages } from '@/components/platform/i18n/messages/settings';
import { trackingMessages } from '@/components/platform/i18n/messages/tracking';

// One glossary for the dashboard, the console, the driver app and the tracking page:
// docs/glossary.md. These tests read it and every message catalogue, and fail when a status or
// key noun drifts from it, when the driver app names a status differently from the dashboard,
// when Arabic text has a Latin comma, or when a label shows a raw field name in parentheses.

type Catalogue = Messages<Record<string, string>>;
type Language = 'en' | 'ar';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MESSAGES_DIR = path.join(import.meta.dirname, 'messages');

/** The glossary's table rows: term → [English, Arabic], per `## ` section. */
function readGlossary(): Map<string, Map<string, [string, string]>> {
  const sections = new Map<string, Map<string, [string, string]>>();
  let current: Map<string, [string, string]> | undefined;
  for (const line of fs.readFileSync(path.join(ROOT, 'docs', 'glossary.md'), 'utf8').split('\n')) {
    const heading = /^## (.+)$/.exec(line)?.[1];
    if (heading) sections.set(heading.trim(), (current = new Map()));
    const cells = line.startsWith('|') ? line.split('|').slice(1, -1).map((cell) => cell.trim()) : [];
    const [term, english, arabic] = cells;
    if (!current || cells.length !== 3 || term === undefined || english === undefined || arabic === undefined) continue;
    if (english === 'English' || term.startsWith('---')) continue;
    current.set(term, [english, arabic]);
  }
  return sections;
}

/** Every catalogue in components/platform/i18n/messages, by file and export name (new files are read too). */
async function allCatalogues(): Promise<[string, Catalogue][]> {
  const found: [string, Catalogue][] = [];
  for (const file of fs.readdirSync(MESSAGES_DIR).filter((name) => name.endsWith('.ts')).sort()) {
    const exports: Record<string, unknown> = await import(path.join(MESSAGES_DIR, file));
    for (const [name, value] of Object.entries(exports)) {
      if (value && typeof value === 'object' && 'en' in value && 'ar' in value) found.push([`${file} ${name}`, value as Catalogue]);
    }
  }
  return found;
}

const glossary = readGlossary();
const terms = (section: string) => {
  const rows = glossary.get(section);
  if (!rows) throw new Error(`docs/glossary.md has no "## ${section}" section`);
  return rows;
};

/** Where each glossary term of a section is used: catalogue and key. */
const USES: Record<string, Record<string, [Catalogue, string][]>> = {
  'Webhook deliveries': {
    delivery_pending: [[settingsMessages, 'delivery_pending']],
    delivery_succeeded: [[settingsMessages, 'delivery_succeeded']],
    delivery_failed: [[settingsMessages, 'delivery_failed']],
    redeliver: [[settingsMessages, 'redeliver']],
    retry_now: [[settingsMessages, 'retryNow']],
    delivery_log: [[settingsMessages, 'logHeading']],
  },
  'Key nouns': {
    dispatches: [
      [commonMessages, 'navDispatches'],
      [adminMessages, 'navDispatches'],
    ],
    new_dispatch: [[commonMessages, 'navNewDispatch']],
    restaurant: [
      [commonMessages, 'ref_vendor'],
      [driverMessages, 'restaurant'],
    ],
    driver: [[commonMessages, 'ref_driver']],
    customer: [[driverMessages, 'customer']],
    pickup: [[driverMessages, 'pickup']],
    drop_off: [[driverMessages, 'destination']],
    proof_of_delivery: [[driverMessages, 'proofTitle']],
    delivery_failed_driver: [[driverMessages, 'deliveryFailed']],
    branch_id: [
      [newDispatchMessages, 'vendorBid'],
      [settingsMessages, 'branchBid'],
      [dispatchListMessages, 'branchHint'],
    ],
    order_id: [
      [newDispatchMessages, 'vendorOid'],
      [dispatchDetailMessages, 'vendorOid'],
    ],
    restaurant_id: [[newDispatchMessages, 'vendorId']],
    fleets: [[adminMessages, 'navFleets']],
    status: [
      [settingsMessages, 'colStatus'],
      [adminDispatchMessages, 'status'],
      [adminFleetMessages, 'status'],
    ],
  },
};

/** The driver app's buttons that name a status: the same words as the dashboard's status. */
const DRIVER_STATUS_BUTTONS = ['picked_up', 'delivered'] as const;

describe('the glossary (docs/glossary.md)', () => {
  it('names every status the dashboard shows, in the dashboard’s words', () => {
    const statuses = terms('Statuses');
    const dashboard = Object.keys(commonMessages.en).filter((key) => key.startsWith('status_'));
    expect([...statuses.keys()].map((status) => `status_${status}`).sort()).toEqual(dashboard.sort());
    for (const [status, [english, arabic]] of statuses) {
      const key = `status_${status}` as keyof typeof commonMessages.en;
      expect(commonMessages.en[key], `en ${key}`).toBe(english);
      expect(commonMessages.ar[key], `ar ${key}`).toBe(arabic);
    }
  });

  it('is what the catalogues say for each webhook term and key noun', () => {
    for (const [section, uses] of Object.entries(USES)) {
      const rows = terms(section);
      expect([...rows.keys()].sort(), section).toEqual(Object.keys(uses).sort());
      for (const [term, places] of Object.entries(uses)) {
        const [english, arabic] = rows.get(term)!;
        for (const [catalogue, key] of places) {
          expect(catalogue.en[key], `en ${term} (${key})`).toBe(english);
          expect(catalogue.ar[key], `ar ${term} (${key})`).toBe(arabic);
        }
      }
    }
  });
});

describe('one term per status across the apps', () => {
  it('the driver app names a status as the dashboard does, in both languages', () => {
    for (const status of DRIVER_STATUS_BUTTONS) {
      for (const language of ['en', 'ar'] as const satisfies Language[]) {
        expect(driverMessages[language][`action_${status}`], `${language} ${status}`).toBe(commonMessages[language][`status_${status}`]);
      }
    }
  });

  it('any other driver-app text that names a status in English names it as the dashboard does in Arabic', () => {
    const driver: Record<string, string> = driverMessages.en;
    const common: Record<string, string> = commonMessages.en;
    for (const [key, english] of Object.entries(driver)) {
      const status = /^(?:action|status)_(.+)$/.exec(key)?.[1];
      if (!status || common[`status_${status}`] !== english) continue;
      expect((driverMessages.ar as Record<string, string>)[key], `ar ${key}`).toBe((commonMessages.ar as Record<string, string>)[`status_${status}`]);
    }
  });

  it('the tracking page ends on the same word', () => {
    for (const language of ['en', 'ar'] as const satisfies Language[]) {
      expect(trackingMessages[language].status_delivered).toBe(commonMessages[language].status_delivered);
      expect(trackingMessages[language].stepDelivered).toBe(commonMessages[language].status_delivered);
    }
  });

  it('the tracking page’s two "received" updates differ by more than an ending', () => {
    const { status_new: received, status_picked_up: pickedUp } = trackingMessages.ar;
    expect(pickedUp.startsWith(received)).toBe(false);
    expect(received.startsWith(pickedUp)).toBe(false);
  });
});

describe('every message catalogue', () => {
  it('has no Latin comma in Arabic text (the Arabic comma is «،»)', async () => {
    const offenders: string[] = [];
    for (const [name, catalogue] of await allCatalogues()) {
      for (const [key, text] of Object.entries(catalogue.ar)) if (text.includes(',')) offenders.push(`${name} ${key}: ${text}`);
    }
    expect(offenders).toEqual([]);
  });

  it('shows no raw field name in parentheses, e.g. "Branch ID (vendor_bid)"', async () => {
    const rawField = /\(\s*[a-z][a-z0-9]*(?:[._][a-z0-9]+)+\s*\)/;
    const offenders: string[] = [];
    for (const [name, catalogue] of await allCatalogues()) {
      for (const language of ['en', 'ar'] as const) {
        for (const [key, text] of Object.entries(catalogue[language])) if (rawField.test(text)) offenders.push(`${name} ${language} ${key}: ${text}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('finds the catalogues it checks', async () => {
    expect((await allCatalogues()).length).toBeGreaterThanOrEqual(10);
  });
});
