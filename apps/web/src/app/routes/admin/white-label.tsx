/** Admin tab: White-label Links (seed 001 §2). */
export function Component() {
  return <h2 className="text-3xl">White-label Links</h2>;
}
