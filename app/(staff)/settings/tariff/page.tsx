import styles from '@/components/accounts/settings/settings.module.css';
import { getTariff } from '@/lib/accounts/server/get-tariff';
import { getProofOfDelivery } from '@/lib/accounts/server/update-proof-of-delivery';
import { requireStaff } from '@/lib/platform/server/auth/current-user';
import { formatMoney } from '@/lib/pricing/shared/tariff';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { format, messagesFor } from '@/components/platform/i18n/messages';
import { settingsMessages } from '@/components/platform/i18n/messages/settings';
import { titleFrom } from '@/components/platform/shell/server-page';

export const generateMetadata = titleFrom(settingsMessages, 'pageTitleTariff');

// /settings/tariff — the account's delivery tariff and the proof its drivers must capture,
// read-only (operations set both). Rendered on the server: it holds no timestamps and changes
// only through operations.
export default async function TariffSettingsPage() {
  const user = await requireStaff();
  const locale = await getLocale();
  const t = messagesFor(settingsMessages, locale);
  const [tariff, { proof_of_delivery: proof }] = await Promise.all([
    getTariff({ accountId: user.accountId }),
    getProofOfDelivery({ accountId: user.accountId }),
  ]);
  const money = (minor: number) => formatMoney(minor, tariff.currency);
  const rows: [string, string][] = [
    [t.tariffCurrency, tariff.currency],
    [t.tariffBaseFare, money(tariff.base_fare_minor)],
    [t.tariffPerKm, money(tariff.per_km_minor)],
    [t.tariffMinimum, money(tariff.min_fare_minor)],
    [t.tariffVat, format(t.tariffVatValue, { rate: tariff.vat_rate_bps / 100 })],
  ];
  return (
    <div className="stack">
      <section aria-labelledby="tariff-heading" className="card stack" data-testid="tariff">
        <h2 id="tariff-heading">{t.tariffHeading}</h2>
        <p className="muted">{t.tariffIntro}</p>
        <dl className={styles.tariff}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>
                <bdi>{value}</bdi>
              </dd>
            </div>
          ))}
        </dl>
        <p className="field__hint">{t.tariffFormula}</p>
      </section>
      <section aria-labelledby="proof-heading" className="card stack" data-testid="proof-of-delivery">
        <h2 id="proof-heading">{t.proofHeading}</h2>
        <p>
          <strong data-testid="proof-of-delivery-kind">{t[`proof_${proof}`]}</strong>
        </p>
        <p className="muted">{t.proofIntro}</p>
      </section>
    </div>
  );
}
