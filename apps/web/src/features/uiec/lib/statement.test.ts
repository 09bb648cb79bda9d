import { describe, expect, it } from 'vitest';
import { aiUseStatement } from './statement';

describe('aiUseStatement', () => {
  it('names the tool and the ticked tasks in the order of the list, in the paper language', () => {
    expect(aiUseStatement('ChatGPT', ['code', 'polishing'], 'en')).toBe(
      'During the preparation of this work the author(s) used ChatGPT for language polishing and writing and debugging code. After using this tool, the author(s) reviewed and edited the content as needed and take(s) full responsibility for the content of the publication.',
    );
    expect(aiUseStatement('学霸', ['translation', 'polishing', 'figures'], 'zh')).toBe('在本文的准备过程中，作者使用了学霸进行语言润色、翻译、图表制作。使用该工具后，作者对相关内容进行了审阅和必要的修改，并对本文内容承担全部责任。');
    expect(aiUseStatement('Xueba', ['polishing', 'translation', 'code'], 'en')).toContain('for language polishing, translation and writing and debugging code.');
    expect(aiUseStatement('Xueba', ['analysis'], 'ko')).toContain('데이터 분석 방법 조언에 사용하였다');
  });

  it('answers nothing without a task, and a default name for a blank tool', () => {
    expect(aiUseStatement('Xueba', [], 'ja')).toBeNull();
    expect(aiUseStatement('   ', ['summarising'], 'en')).toContain('used Xueba for summarising sources.');
    expect(aiUseStatement('<b>x</b>\n tool', ['summarising'], 'en')).toContain('used <b>x</b> tool for');
  });
});
