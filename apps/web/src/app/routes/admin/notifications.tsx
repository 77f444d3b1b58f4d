/** Admin tab: Off-market Inquiries (seed 001 §2). */
export function Component() {
  return <h2 className="text-3xl">Off-market Inquiries</h2>;
}
