/** Admin tab: Sync Monitoring (seed 001 §2). */
export function Component() {
  return <h2 className="text-3xl">Sync Monitoring</h2>;
}
