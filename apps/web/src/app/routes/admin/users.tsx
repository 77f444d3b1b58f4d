/** Admin tab: Users (seed 001 §2). */
export function Component() {
  return <h2 className="text-3xl">Users</h2>;
}
