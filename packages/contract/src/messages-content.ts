/** Message texts of news and the help centre, merged into MESSAGES by one spread. */
export const CONTENT_MESSAGES = {
  content_not_found: { zh: '文章不存在或尚未发布', en: 'This article does not exist or is not published', ja: 'この記事は存在しないか、まだ公開されていません', ko: '이 글은 없거나 아직 게시되지 않았습니다' },
  content_category_not_found: { zh: '分类不存在', en: 'Category not found', ja: 'カテゴリが見つかりません', ko: '분류를 찾을 수 없습니다' },
  content_name_required: { zh: '请输入中文名称（最多40个字符）', en: 'Enter the Chinese name (at most 40 characters)', ja: '中国語の名前を入力してください（40文字以内）', ko: '중국어 이름을 입력하세요(최대 40자)' },
  content_title_required: { zh: '请填写中文标题，其他语言缺少时显示中文', en: 'Enter the Chinese title; other languages fall back to Chinese', ja: '中国語のタイトルを入力してください。ほかの言語がない場合は中国語を表示します', ko: '중국어 제목을 입력하세요. 다른 언어가 없으면 중국어로 표시됩니다' },
  content_title_too_long: { zh: '标题最多120个字符', en: 'A title has at most 120 characters', ja: 'タイトルは120文字以内です', ko: '제목은 최대 120자입니다' },
  content_summary_too_long: { zh: '摘要最多300个字符', en: 'A summary has at most 300 characters', ja: '概要は300文字以内です', ko: '요약은 최대 300자입니다' },
  content_body_too_long: { zh: '正文过长', en: 'The text is too long', ja: '本文が長すぎます', ko: '본문이 너무 깁니다' },
  content_body_required: { zh: '请填写中文正文', en: 'Enter the Chinese text', ja: '中国語の本文を入力してください', ko: '중국어 본문을 입력하세요' },
  content_image_invalid: { zh: '封面须为本站上传的图片', en: 'The cover must be an image uploaded to this site', ja: 'カバーはこのサイトにアップロードした画像にしてください', ko: '표지는 이 사이트에 올린 이미지여야 합니다' },
  content_publish_at_invalid: { zh: '发布时间格式不正确', en: 'The publishing time is not valid', ja: '公開日時が正しくありません', ko: '게시 시간이 올바르지 않습니다' },
} as const;
