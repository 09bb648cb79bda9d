/**
 * Message texts of plagiarism checks, merged into MESSAGES by one spread.
 */
export const PLAGIARISM_MESSAGES = {
  plagiarism_text_empty: { zh: '请粘贴要检测的文本或上传文件', en: 'Paste the text to check or upload a file', ja: 'チェックする文章を貼り付けるか、ファイルをアップロードしてください', ko: '검사할 텍스트를 붙여 넣거나 파일을 올려 주세요' },
  plagiarism_text_too_long: {
    zh: '文本过长：单次检测最多{max}个字符（当前{chars}个），请分章节检测',
    en: 'The text is too long: one check takes at most {max} characters (this has {chars}); check it chapter by chapter',
    ja: '文章が長すぎます。1回のチェックは最大{max}文字です（現在{chars}文字）。章ごとにチェックしてください',
    ko: '텍스트가 너무 깁니다. 한 번에 최대 {max}자까지 검사합니다(현재 {chars}자). 장별로 나누어 검사하세요',
  },
  plagiarism_title_too_long: { zh: '标题不能超过200个字符', en: 'The title may hold at most 200 characters', ja: 'タイトルは200文字以内です', ko: '제목은 200자를 넘을 수 없습니다' },
  plagiarism_scope_empty: { zh: '请至少选择一个比对范围', en: 'Choose at least one collection to compare with', ja: '比較対象を少なくとも1つ選んでください', ko: '비교 대상을 하나 이상 선택하세요' },
  plagiarism_closed: { zh: '论文查重功能暂未开放', en: 'Plagiarism checks are not available on this site', ja: '剽窃チェックは現在ご利用いただけません', ko: '표절 검사는 현재 사용할 수 없습니다' },
  plagiarism_scanned_pdf: {
    zh: '该 PDF 没有文字层（扫描件），无法直接查重。请上传可复制文字的 PDF 或 Word 文件，或将文字粘贴到输入框',
    en: 'This PDF has no text layer (it is a scan), so it cannot be checked. Upload a PDF with selectable text or a Word file, or paste the text',
    ja: 'この PDF には文字情報がありません（スキャン画像）。文字を選択できる PDF か Word ファイルをアップロードするか、文章を貼り付けてください',
    ko: '이 PDF에는 텍스트 층이 없습니다(스캔본). 텍스트를 선택할 수 있는 PDF나 Word 파일을 올리거나 텍스트를 붙여 넣으세요',
  },
  plagiarism_file_required: { zh: '请选择要上传的文件', en: 'Choose a file to upload', ja: 'アップロードするファイルを選んでください', ko: '올릴 파일을 선택하세요' },
  plagiarism_file_too_large: { zh: '文件过大（最多{max}MB）', en: 'The file is too large (at most {max} MB)', ja: 'ファイルが大きすぎます（最大{max}MB）', ko: '파일이 너무 큽니다(최대 {max}MB)' },
  plagiarism_file_type: { zh: '仅支持 PDF、Word（docx/doc）、TXT 和 Markdown 文件', en: 'Only PDF, Word (docx/doc), TXT and Markdown files can be checked', ja: 'PDF、Word（docx/doc）、TXT、Markdown のみ対応しています', ko: 'PDF, Word(docx/doc), TXT, Markdown 파일만 지원합니다' },
  plagiarism_not_ready: { zh: '报告尚未生成，请稍后再试', en: 'The report is not ready yet; try again in a moment', ja: 'レポートはまだできていません。しばらくしてからお試しください', ko: '보고서가 아직 준비되지 않았습니다. 잠시 후 다시 시도하세요' },
  plagiarism_share_invalid: { zh: '分享链接无效或已被撤销', en: 'This share link is not valid or has been revoked', ja: 'この共有リンクは無効か、取り消されています', ko: '이 공유 링크는 유효하지 않거나 취소되었습니다' },
  plagiarism_check_failed: { zh: '检测失败，费用已退回', en: 'The check failed; the charge was refunded', ja: 'チェックに失敗しました。料金は返金されました', ko: '검사에 실패했습니다. 요금은 환불되었습니다' },
  plagiarism_check_interrupted: { zh: '检测被中断，费用已退回，请重新提交', en: 'The check was interrupted; the charge was refunded. Submit it again', ja: 'チェックが中断されました。料金は返金されました。もう一度送信してください', ko: '검사가 중단되었습니다. 요금은 환불되었습니다. 다시 제출하세요' },
  plagiarism_label_front: { zh: '正文开头', en: 'Opening', ja: '冒頭', ko: '시작 부분' },
} as const;
