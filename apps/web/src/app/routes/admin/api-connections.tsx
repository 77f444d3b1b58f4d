/** Admin tab: API Connections (seed 001 §2). */
export function Component() {
  return <h2 className="text-3xl">API Connections</h2>;
}
