/** Message texts of skills, merged into MESSAGES by one spread. */
export const SKILL_MESSAGES = {
  skill_not_found: { zh: '该技能不存在或已停用', en: 'This skill does not exist or has been turned off', ja: 'このスキルは存在しないか、停止されています', ko: '이 스킬은 없거나 사용 중지되었습니다' },
  skill_unavailable: { zh: '这个对话使用的技能已停用，请新建对话', en: "This conversation's skill has been turned off; start a new conversation", ja: 'この会話のスキルは停止されました。新しい会話を始めてください', ko: '이 대화의 스킬이 사용 중지되었습니다. 새 대화를 시작하세요' },
  skill_text_required: { zh: '请填写中文内容（其他语言可留空，显示时使用中文）', en: 'Fill in the Chinese text (other languages may stay empty and show the Chinese)', ja: '中国語の内容を入力してください（他の言語は空欄なら中国語を表示します）', ko: '중국어 내용을 입력하세요(다른 언어는 비워 두면 중국어로 표시됩니다)' },
  skill_name_too_long: { zh: '名称最多 40 个字符', en: 'A name has at most 40 characters', ja: '名前は40文字以内です', ko: '이름은 40자 이하입니다' },
  skill_description_too_long: { zh: '简介最多 300 个字符', en: 'A description has at most 300 characters', ja: '説明は300文字以内です', ko: '설명은 300자 이하입니다' },
  skill_prompt_too_long: { zh: '系统提示词最多 4000 个字符', en: 'A system prompt has at most 4000 characters', ja: 'システムプロンプトは4000文字以内です', ko: '시스템 프롬프트는 4000자 이하입니다' },
  skill_starters_too_many: { zh: '开场问题最多 4 个', en: 'At most 4 starter questions', ja: '最初の質問は4つまでです', ko: '시작 질문은 최대 4개입니다' },
  skill_starter_too_long: { zh: '每个开场问题最多 200 个字符', en: 'A starter question has at most 200 characters', ja: '最初の質問は1つ200文字以内です', ko: '시작 질문은 하나에 200자 이하입니다' },
  skill_icon_required: { zh: '请填写一个表情图标（或上传图片）', en: 'Give an emoji icon (or upload a picture)', ja: '絵文字アイコンを入力してください（または画像をアップロード）', ko: '이모지 아이콘을 입력하세요(또는 그림을 올리세요)' },
  skill_icon_invalid: { zh: '图标须为不超过 {max} MB 的 PNG、JPEG 或 WebP 图片', en: 'An icon must be a PNG, JPEG or WebP picture of at most {max} MB', ja: 'アイコンは {max} MB 以下の PNG・JPEG・WebP 画像にしてください', ko: '아이콘은 {max}MB 이하의 PNG, JPEG, WebP 이미지여야 합니다' },
} as const;
