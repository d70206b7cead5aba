import { href } from "react-router";
import { formatNumber, plural } from "~/lib/format";
import { formatCalendarDate } from "~/lib/format-dates";
import type { MedianDaysData } from "~/modules/content/embeds/median-days-on-market.server";
import { EmbedNote, EmbedTable } from "./embed-table";

export type Data = MedianDaysData;

const days = (n: number | null) => (n === null ? "–" : plural(n, "day"));

/**
 * The `median-days-on-market` embed: the median days from listing to accepted offer and on to closing of the
 * contracts sold here in the last twelve months, overall and per resort (loader:
 * app/modules/content/embeds/median-days-on-market.server.ts).
 */
export function Embed({ data }: { data: Data }) {
  const period = `${formatCalendarDate(data.from)} to ${formatCalendarDate(data.to)}`;
  if (data.all.sales === 0)
    return (
      <EmbedNote>
        No contract listed here closed between {period}, so there is no median of our own to show yet. The steps after
        an accepted offer take about the same time whoever sells: see the timeline below.
      </EmbedNote>
    );
  const row = (label: React.ReactNode, r: Omit<Data["all"], never>) => [
    label,
    formatNumber(r.sales),
    days(r.daysOnMarket),
    days(r.daysToClose),
    days(r.daysListingToClose),
  ];
  return (
    <EmbedTable
      caption={`Median days to sell on this marketplace, ${period}`}
      head={["Resort", "Sales", "Listed to accepted offer", "Accepted offer to closing", "Listed to closing"]}
      numeric={[1, 2, 3, 4]}
      rows={[
        row(<strong key="all">All resorts</strong>, data.all),
        ...data.byResort.map((r) =>
          row(
            <a key={r.resortCode} href={href("/resorts/:resort", { resort: r.resortSlug })}>
              {r.resortName}
            </a>,
            r,
          ),
        ),
      ]}
      footnote={`The medians of the ${plural(data.all.sales, "sale")} that closed here in the period, counting a developer buy-back (ROFR) as a sale. Half the contracts took fewer days and half took more; a resort with few sales moves a lot from one month to the next.`}
    />
  );
}
