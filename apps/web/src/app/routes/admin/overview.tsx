/** Summary cards and insight charts above the tabs (filled by the admin-overview feature). */
export function AdminOverview() {
  return null;
}
