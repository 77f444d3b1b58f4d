import {
  formatLongDate,
  INSIGHT_INQUIRY_LABELS,
  INSIGHT_INQUIRY_SERIES,
  type AdminInsight,
  type InsightInquirySeries,
} from '@villas/shared';
import { useId, type ReactNode } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { inquiriesSummary, shortDate, viewsSummary, weekTotal } from '../utils/insight-summary';

/** The house palette (styles.css): ink lines, champagne and sea fills, no library defaults. */
const INK = '#1d1b18';
const STONE = '#6b645a';
const LINE = '#e2d9ca';
const SERIES_COLOURS: Record<InsightInquirySeries, string> = {
  offMarket: '#7a5c33',
  contact: '#17313a',
  booking: '#a8844f',
  whiteLabel: '#9fb4b0',
};

const axisTick = { fill: STONE, fontSize: 11 };
const tooltipStyle = {
  contentStyle: {
    background: '#fffdf9',
    border: `1px solid ${LINE}`,
    borderRadius: 3,
    fontSize: 12,
    boxShadow: '0 8px 24px -12px rgb(29 27 24 / 0.18)',
  },
  labelStyle: { color: INK, fontWeight: 500 },
};

/**
 * One chart: its title, its text summary, the drawing (hidden from assistive technology, which reads
 * the table instead) and a visually hidden data table.
 */
function ChartFigure({
  title,
  summary,
  table,
  children,
}: {
  title: string;
  summary: string;
  table: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <figure aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} className="min-w-0">
      <h3 id={`${id}-title`} className="text-2xl leading-tight">
        {title}
      </h3>
      <figcaption id={`${id}-summary`} className="mt-1 text-sm text-stone">
        {summary}
      </figcaption>
      <div aria-hidden="true" className="mt-4 h-52 w-full sm:h-60">
        {children}
      </div>
      <div className="sr-only">{table}</div>
    </figure>
  );
}

/** The link-views and inquiries charts (recharts), loaded lazily by the insight panel. */
export default function InsightCharts({ data }: { data: AdminInsight }) {
  const weeks = data.inquiriesPerWeek.map((w) => ({ ...w, label: shortDate(w.weekStart) }));
  return (
    <div className="grid gap-10 lg:grid-cols-2 lg:gap-12">
      <ChartFigure
        title="Link views per day"
        summary={viewsSummary(data)}
        table={
          <table>
            <caption>
              White-label link views per day, {formatLongDate(data.from)} to {formatLongDate(data.to)}
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Views</th>
              </tr>
            </thead>
            <tbody>
              {data.viewsPerDay.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{formatLongDate(d.date)}</th>
                  <td>{d.views}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        <AreaChart
          responsive
          accessibilityLayer={false}
          data={data.viewsPerDay}
          style={{ width: '100%', height: '100%' }}
          margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
        >
          <defs>
            <linearGradient id="insight-views-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="#a8844f" stopOpacity={0.35} />
              <stop offset="100%" stopColor="#a8844f" stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid vertical={false} stroke={LINE} />
          <XAxis
            dataKey="date"
            tickFormatter={shortDate}
            tick={axisTick}
            tickLine={false}
            axisLine={{ stroke: LINE }}
            minTickGap={28}
          />
          <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} width={48} />
          <Tooltip
            {...tooltipStyle}
            labelFormatter={(d) => formatLongDate(String(d))}
            formatter={(v) => [v, 'Views']}
            cursor={{ stroke: LINE }}
          />
          <Area
            type="monotone"
            dataKey="views"
            name="Views"
            stroke="#7a5c33"
            strokeWidth={1.5}
            fill="url(#insight-views-fill)"
            isAnimationActive={false}
          />
        </AreaChart>
      </ChartFigure>

      <ChartFigure
        title="Inquiries per week"
        summary={inquiriesSummary(data)}
        table={
          <table>
            <caption>Inquiries per week by type (weeks start on Sunday)</caption>
            <thead>
              <tr>
                <th scope="col">Week of</th>
                {INSIGHT_INQUIRY_SERIES.map((k) => (
                  <th key={k} scope="col">
                    {INSIGHT_INQUIRY_LABELS[k]}
                  </th>
                ))}
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {data.inquiriesPerWeek.map((w) => (
                <tr key={w.weekStart}>
                  <th scope="row">{formatLongDate(w.weekStart)}</th>
                  {INSIGHT_INQUIRY_SERIES.map((k) => (
                    <td key={k}>{w[k]}</td>
                  ))}
                  <td>{weekTotal(w)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        <BarChart
          responsive
          accessibilityLayer={false}
          data={weeks}
          style={{ width: '100%', height: '100%' }}
          margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          barCategoryGap="28%"
        >
          <CartesianGrid vertical={false} stroke={LINE} />
          <XAxis
            dataKey="label"
            tick={axisTick}
            tickLine={false}
            axisLine={{ stroke: LINE }}
            minTickGap={16}
          />
          <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} width={48} />
          <Tooltip
            {...tooltipStyle}
            labelFormatter={(l) => `Week of ${String(l)}`}
            cursor={{ fill: 'rgb(237 230 218 / 0.5)' }}
          />
          <Legend
            iconType="circle"
            iconSize={8}
            itemSorter={null}
            formatter={(value) => <span style={{ color: STONE }}>{value}</span>}
            wrapperStyle={{ fontSize: 12, paddingTop: 8 }}
          />
          {INSIGHT_INQUIRY_SERIES.map((k, i) => (
            <Bar
              key={k}
              dataKey={k}
              name={INSIGHT_INQUIRY_LABELS[k]}
              stackId="inquiries"
              fill={SERIES_COLOURS[k]}
              radius={i === INSIGHT_INQUIRY_SERIES.length - 1 ? [2, 2, 0, 0] : 0}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ChartFigure>
    </div>
  );
}
