import { describe, expect, it } from 'vitest';
import { assertCanActOn, canActOn, ownerFilter } from './access';

const agent = { id: 7, role: 'agent' as const };
const admin = { id: 1, role: 'admin' as const };

describe('lib/access: owner or admin', () => {
  it("scopes an agent to their own rows and an admin to everyone's links and inquiries", () => {
    expect(ownerFilter(agent, 'whiteLabelLink')).toBe(7);
    expect(ownerFilter(agent, 'whiteLabelInquiry')).toBe(7);
    expect(ownerFilter(admin, 'whiteLabelLink')).toBeUndefined();
    expect(ownerFilter(admin, 'whiteLabelInquiry')).toBeUndefined();
  });

  it('keeps notifications private to their owner, administrators included', () => {
    expect(ownerFilter(agent, 'notification')).toBe(7);
    expect(ownerFilter(admin, 'notification')).toBe(1);
    expect(canActOn(admin, 'notification', 7)).toBe(false);
    expect(canActOn(admin, 'notification', 1)).toBe(true);
  });

  it('answers whether the actor may act on what an owner has', () => {
    expect(canActOn(agent, 'whiteLabelInquiry', 7)).toBe(true);
    expect(canActOn(agent, 'whiteLabelInquiry', 8)).toBe(false);
    expect(canActOn(admin, 'whiteLabelInquiry', 8)).toBe(true);
  });

  it('throws 404 (never 403) with the given message', () => {
    expect(() => assertCanActOn(agent, 'whiteLabelLink', 8, 'Agent not found')).toThrow(
      expect.objectContaining({ statusCode: 404, message: 'Agent not found' }),
    );
    expect(() => assertCanActOn(agent, 'whiteLabelLink', 7)).not.toThrow();
  });
});
