import type { Locale } from '@xueba/contract';

/**
 * Built-in help articles the offline channel can quote (one per topic, in every
 * interface language). The texts are shown as Markdown with formulas: a formula
 * delimiter meant literally is written as inline code, or the renderer reads
 * the text between two `$` as a formula.
 */
export const HELP_ARTICLES: { id: string; texts: Record<Locale, { title: string; text: string }> }[] = [
  {
    id: 'chat',
    texts: {
      zh: { title: '如何使用学术对话', text: '在对话页输入问题，按 Enter 发送，Shift+Enter 换行。回答会逐字显示，可随时停止、重新生成、编辑问题后重新发送、复制、收藏，或把整段对话导出为 Markdown。公式使用 LaTeX（`$…$` 或 `$$…$$`）显示。AI 生成的内容不保证准确，请自行核实。' },
      en: { title: 'Using academic chat', text: 'Type a question on the chat page and press Enter to send; Shift+Enter starts a new line. The answer streams in; you can stop it, regenerate it, edit the question and resend, copy, bookmark, or export the whole conversation as Markdown. Formulas are written in LaTeX (`$…$` or `$$…$$`). AI-generated content is not guaranteed to be accurate; check it.' },
      ja: { title: '学術チャットの使い方', text: 'チャット画面で質問を入力し Enter で送信、Shift+Enter で改行します。回答は逐次表示され、停止・再生成・質問の編集と再送信・コピー・お気に入り・Markdown での書き出しができます。数式は LaTeX（`$…$` または `$$…$$`）で表示されます。AI の生成内容は正確とは限りません。' },
      ko: { title: '학술 대화 사용법', text: '대화 화면에서 질문을 입력하고 Enter로 보내며 Shift+Enter로 줄을 바꿉니다. 답변은 실시간으로 표시되며 중지, 다시 생성, 질문 편집 후 다시 보내기, 복사, 즐겨찾기, Markdown 내보내기를 할 수 있습니다. 수식은 LaTeX(`$…$` 또는 `$$…$$`)로 표시됩니다. AI 생성 내용은 정확성을 보장하지 않습니다.' },
    },
  },
  {
    id: 'billing',
    texts: {
      zh: { title: '对话次数、字数与会员', text: '每个模型按管理员设置计费：按回答扣除对话次数，或按每千字扣除字数。回答被停止或中途失败时只按已生成的内容计费，没有内容则不扣费。学术 AI 会员（VIP、B-VIP）使用对话不消耗次数。余额不足时可以充值或开通会员。' },
      en: { title: 'Conversation counts, words and membership', text: 'Each model is billed as the administrator set it: conversation counts per answer, or word count per 1,000 words. A stopped or failed answer is billed only for what was delivered; nothing delivered costs nothing. Academic AI members (VIP, B-VIP) consume no counts. When the balance runs out, top up or become a member.' },
      ja: { title: '会話回数・文字数と会員', text: '各モデルは管理者の設定どおりに課金されます。回答ごとに会話回数、または1,000文字ごとに文字数を消費します。停止や途中失敗の回答は生成された分だけ課金され、何も生成されなければ課金されません。学術 AI 会員（VIP、B-VIP）は回数を消費しません。残高が足りない場合はチャージまたは会員登録をしてください。' },
      ko: { title: '대화 횟수, 글자 수와 회원', text: '각 모델은 관리자가 정한 대로 과금됩니다. 답변마다 대화 횟수를 차감하거나 1,000자마다 글자 수를 차감합니다. 중지되거나 중간에 실패한 답변은 생성된 만큼만 과금되며 아무것도 생성되지 않으면 과금되지 않습니다. 학술 AI 회원(VIP, B-VIP)은 횟수를 소모하지 않습니다. 잔액이 부족하면 충전하거나 회원에 가입하세요.' },
    },
  },
  {
    id: 'templates',
    texts: {
      zh: { title: '写作模板', text: '创作页提供中文润色、英文润色（给出修改后的文本和每处修改及原因的表格）、关键词推荐、期刊投稿建议、研究方法推荐、中英互译和邮件回复等模板。填写必填项后生成，通常在 10 秒内完成；生成记录可以查看、复制和删除。' },
      en: { title: 'Writing templates', text: 'The create page offers templates for polishing Chinese, polishing English (the revised text plus a table of each change and its reason), keyword recommendation, journal submission advice, research method recommendation, Chinese-English translation and email replies. Fill in the required fields and run it; it usually finishes within 10 seconds. The history can be viewed, copied and deleted.' },
      ja: { title: '執筆テンプレート', text: '作成ページには中国語の校正、英語の校正（修正後の文と各修正とその理由の表）、キーワード推薦、投稿先アドバイス、研究方法の推薦、中英翻訳、メール返信のテンプレートがあります。必須項目を入力して実行すると、通常10秒以内に完了します。履歴は閲覧・コピー・削除できます。' },
      ko: { title: '글쓰기 템플릿', text: '작성 페이지에는 중국어 교정, 영어 교정(수정된 글과 각 수정 및 이유의 표), 키워드 추천, 저널 투고 조언, 연구 방법 추천, 중영 번역, 이메일 답장 템플릿이 있습니다. 필수 항목을 입력하고 실행하면 보통 10초 안에 완료됩니다. 기록은 보기, 복사, 삭제할 수 있습니다.' },
    },
  },
  {
    id: 'models',
    texts: {
      zh: { title: '接入 AI 模型', text: '管理员可在「后台 → 模型」中添加任意兼容 OpenAI 接口的渠道（如 OpenAI、DeepSeek、通义千问、智谱、Moonshot、Ollama、vLLM），填写接口地址、API 密钥（加密保存）和超时时间，设置模型名称、计费方式和默认模型，并用“测试”按钮验证。未接入模型时，对话使用离线检索渠道，只引用帮助文本，不会冒充模型。' },
      en: { title: 'Connecting an AI model', text: 'An administrator adds any OpenAI-compatible channel (OpenAI, DeepSeek, Qwen, Zhipu, Moonshot, Ollama, vLLM) in Admin → Models: base URL, API key (stored encrypted) and timeouts, then the models with their names, billing and the default model, and checks it with the Test button. Without a model, chat uses the offline retrieval channel, which quotes the paper library and help texts and never pretends to be a model.' },
      ja: { title: 'AI モデルの接続', text: '管理者は「管理 → モデル」で OpenAI 互換のチャネル（OpenAI、DeepSeek、Qwen、Zhipu、Moonshot、Ollama、vLLM など）を追加し、ベース URL、API キー（暗号化保存）、タイムアウト、モデル名、課金方法、既定モデルを設定し、「テスト」で確認できます。モデルがない間はオフライン検索チャネルがヘルプを引用して答え、モデルのふりはしません。' },
      ko: { title: 'AI 모델 연결', text: '관리자는 "관리 → 모델"에서 OpenAI 호환 채널(OpenAI, DeepSeek, Qwen, Zhipu, Moonshot, Ollama, vLLM 등)을 추가하고 기본 URL, API 키(암호화 저장), 시간 제한, 모델 이름, 과금 방식, 기본 모델을 설정한 뒤 "테스트" 버튼으로 확인할 수 있습니다. 모델이 없으면 대화는 오프라인 검색 채널을 사용하며 도움말만 인용하고 모델인 척하지 않습니다.' },
    },
  },
];
