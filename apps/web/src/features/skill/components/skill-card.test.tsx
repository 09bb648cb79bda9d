import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ChatSkill, Skill } from '@xueba/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadMessageGroups } from '@/lib/i18n';
import { SkillWelcome } from '@/features/chat/components/skill-parts';
import { SkillCard } from './skill-card';

const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
const skill: Skill = { id: 7, name: `${hostile}Reviewer`, description: hostile, category: 'review', icon_emoji: '🧐', icon_url: null, model: null, starters: [hostile], use_count: 1234, favorite: false };

afterEach(cleanup);

describe('skill texts', () => {
  beforeAll(async () => {
    await initI18n();
  await loadMessageGroups(['skill']);
    await loadMessageGroups(['skill']);
  });

  it('renders markup in a card as text, with no element made from it', () => {
    const onUse = vi.fn();
    const { container } = render(
      <MemoryRouter>
        <SkillCard skill={skill} busy={false} onUse={onUse} onFavorite={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('skill-name').textContent).toBe(`${hostile}Reviewer`);
    expect(screen.getByTestId('skill-description').textContent).toBe(hostile);
    expect(container.querySelector('img, script')).toBeNull();
    expect(screen.getByText('1,234 次使用')).toBeTruthy();
    fireEvent.click(screen.getByTestId('skill-use'));
    expect(onUse).toHaveBeenCalledOnce();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('renders markup in a starter question as text and asks it when clicked', () => {
    const onAsk = vi.fn();
    const chat: ChatSkill = { id: 7, name: skill.name, description: skill.description, icon_emoji: '🧐', icon_url: null, starters: [hostile, 'Second'] };
    const { container } = render(
      <MemoryRouter>
        <SkillWelcome skill={chat} onAsk={onAsk} />
      </MemoryRouter>,
    );
    expect(container.querySelector('img, script')).toBeNull();
    fireEvent.click(screen.getByTestId('chat-starter-0'));
    expect(onAsk).toHaveBeenCalledWith(hostile);
  });
});
