/**
 * Message texts of documents, merged into MESSAGES by one spread so
 * this feature's strings live in their own file. The spec's own texts
 * (document uploaded/deleted/renamed, does not support loading, docx loading
 * failed, parsing/processing failed, not a member) are in messages.ts.
 */
export const DOC_MESSAGES = {
  doc_too_many_files: { zh: '文件过多，最多10个', en: 'Too many files, the maximum is 10', ja: 'ファイルが多すぎます。最大10個です', ko: '파일이 너무 많습니다. 최대 10개입니다' },
  doc_file_empty: { zh: '文件是空的', en: 'The file is empty', ja: 'ファイルが空です', ko: '파일이 비어 있습니다' },
  doc_unsupported_type: { zh: '仅支持 pdf、docx、doc、txt、md 格式的文档', en: 'Only pdf, docx, doc, txt and md documents are supported', ja: 'pdf、docx、doc、txt、md 形式のドキュメントのみ対応しています', ko: 'pdf, docx, doc, txt, md 형식의 문서만 지원합니다' },
  doc_too_many_words: { zh: '文档不能超过{max}字', en: 'The document may not exceed {max} words', ja: 'ドキュメントは{max}語以内にしてください', ko: '문서는 {max}단어를 넘을 수 없습니다' },
  doc_password_protected: { zh: '文档已加密（需要密码），请去除密码后再上传', en: 'The document is password protected; remove the password and upload it again', ja: 'ドキュメントはパスワードで保護されています。パスワードを解除してから再度アップロードしてください', ko: '문서가 암호로 보호되어 있습니다. 암호를 해제한 뒤 다시 업로드하세요' },
  doc_no_text: { zh: '文档中没有可提取的文字（可能是扫描件或图片），该文档不支持加载', en: 'No extractable text was found (a scan or images?); the document does not support loading', ja: '抽出できる文字がありません（スキャンまたは画像の可能性）。このドキュメントは読み込めません', ko: '추출할 수 있는 텍스트가 없습니다(스캔본이나 이미지일 수 있음). 이 문서는 불러올 수 없습니다' },
  doc_ocr_budget_exceeded: {
    zh: '今日扫描页识别额度已用完，请明天再试',
    en: "Today's budget of scanned pages to read is used up; try again tomorrow",
    ja: '本日のスキャンページ読み取り枠を使い切りました。明日もう一度お試しください',
    ko: '오늘의 스캔 페이지 인식 한도를 모두 사용했습니다. 내일 다시 시도하세요',
  },
  doc_image_too_large: { zh: '图片过大（最多 1 亿像素）', en: 'The image is too large (at most 100 megapixels)', ja: '画像が大きすぎます（最大 1 億画素）', ko: '이미지가 너무 큽니다(최대 1억 화소)' },
  doc_parse_timeout: { zh: '文档解析超时', en: 'Parsing the document took too long', ja: 'ドキュメントの解析がタイムアウトしました', ko: '문서 분석 시간이 초과되었습니다' },
  doc_archive_too_large: { zh: 'docx 加载失败：解压后内容过大', en: 'Docx loading failed: the unpacked content is too large', ja: 'docx の読み込みに失敗しました：展開後のサイズが大きすぎます', ko: 'docx 불러오기에 실패했습니다: 압축을 푼 내용이 너무 큽니다' },
  doc_quota_exceeded: { zh: '存储空间不足（已用{used}MB，共{quota}MB），请删除部分文档', en: 'Storage quota exceeded ({used} MB of {quota} MB used); delete some documents', ja: '保存容量を超えています（{quota}MB 中 {used}MB 使用）。ドキュメントを削除してください', ko: '저장 용량을 초과했습니다({quota}MB 중 {used}MB 사용). 일부 문서를 삭제하세요' },
  doc_not_found: { zh: '文档不存在', en: 'Document not found', ja: 'ドキュメントが見つかりません', ko: '문서를 찾을 수 없습니다' },
  doc_not_ready: { zh: '文档尚未处理完成', en: 'The document is not ready yet', ja: 'ドキュメントはまだ処理中です', ko: '문서가 아직 처리 중입니다' },
  doc_name_required: { zh: '请输入文档名称', en: 'Please enter a document name', ja: 'ドキュメント名を入力してください', ko: '문서 이름을 입력하세요' },
  doc_name_too_long: { zh: '文档名称不能超过200个字符', en: 'The document name may not exceed 200 characters', ja: 'ドキュメント名は200文字以内にしてください', ko: '문서 이름은 200자를 넘을 수 없습니다' },
  doc_too_many_selected: { zh: '一次最多选择10个文档提问', en: 'At most 10 documents can be asked at once', ja: '一度に質問できるドキュメントは10個までです', ko: '한 번에 최대 10개 문서에 질문할 수 있습니다' },
  doc_type_required: { zh: '请选择文档类型（研报或文献）', en: 'Please choose the document type (research report or literature)', ja: 'ドキュメントの種類（レポートまたは文献）を選択してください', ko: '문서 유형(연구 보고서 또는 문헌)을 선택하세요' },
  doc_mixed_types: { zh: '研报和文献不能在同一次提问中混合', en: 'Research reports and literature cannot be asked together', ja: 'レポートと文献を同じ質問で混在させることはできません', ko: '연구 보고서와 문헌은 함께 질문할 수 없습니다' },
  doc_offline_notice: { zh: '> 尚未接入 AI 模型，以下是从文档中检索到的最相关段落（并非模型生成），每段标注了出处页码。管理员可在「后台 → 模型」中接入模型。', en: '> No AI model is connected yet: below are the closest passages found in the document (not a generated answer), each cited with its page. An administrator can connect a model in Admin → Models.', ja: '> AI モデルはまだ接続されていません。以下はドキュメントから検索した関連箇所で（モデルの回答ではありません）、各箇所にページを示しています。管理者は「管理 → モデル」でモデルを接続できます。', ko: '> 아직 AI 모델이 연결되지 않았습니다. 아래는 문서에서 찾은 가장 관련 있는 구절이며(모델이 생성한 답변이 아님) 각 구절에 페이지를 표시했습니다. 관리자는 "관리 → 모델"에서 모델을 연결할 수 있습니다.' },
  doc_offline_no_match: { zh: '文档中没有与该问题相关的内容。', en: 'Nothing in the document matches this question.', ja: 'ドキュメントにはこの質問に合う内容がありません。', ko: '문서에 이 질문과 관련된 내용이 없습니다.' },
  doc_interpret_offline: { zh: '未配置模型：以下解读为从文档中自动摘取的句子，配置模型后可获得更好的解读', en: 'No model is configured: this interpretation is sentences taken from the document; a configured model gives a better one', ja: 'モデルが未設定です。以下の解説はドキュメントから自動抽出した文です。モデルを設定するとより良い解説が得られます', ko: '모델이 설정되지 않았습니다. 아래 해설은 문서에서 자동 추출한 문장이며, 모델을 설정하면 더 나은 해설을 받을 수 있습니다' },
  doc_interpret_fallback: { zh: '模型未能给出可用的解读：以下为从文档中自动摘取的句子，稍后可重新打开再试', en: 'The model did not give a usable interpretation: these are sentences taken from the document; open it again later to retry', ja: 'モデルから使える解説が得られませんでした。以下はドキュメントから自動抽出した文です。後でもう一度開くと再試行します', ko: '모델이 사용할 수 있는 해설을 주지 못했습니다. 아래는 문서에서 자동 추출한 문장이며, 나중에 다시 열면 재시도합니다' },
  doc_question_about: { zh: '这份文档主要讲了什么？', en: 'What is this document mainly about?', ja: 'このドキュメントの主な内容は何ですか？', ko: '이 문서는 주로 무엇에 관한 것인가요?' },
  doc_question_method: { zh: '文档采用了什么方法？', en: 'What method does the document use?', ja: 'このドキュメントではどのような手法が使われていますか？', ko: '이 문서는 어떤 방법을 사용하나요?' },
  doc_question_findings: { zh: '文档的主要结论是什么？', en: 'What are the main findings of the document?', ja: 'このドキュメントの主な結論は何ですか？', ko: '이 문서의 주요 결론은 무엇인가요?' },
  doc_paper_no_pdf: { zh: '该论文没有可公开获取的 PDF', en: 'This paper has no open PDF', ja: 'この論文には公開されている PDF がありません', ko: '이 논문에는 공개된 PDF가 없습니다' },
  doc_fetch_refused: { zh: '出于安全考虑，服务器只从公网的 http(s) 地址下载论文，该论文的 PDF 链接不是这样的地址（例如指向内网），请自行下载后上传', en: 'For safety the server only downloads papers from public http(s) addresses, and this paper\'s PDF link is not one (it points into a private network, for example); download the PDF yourself and upload it', ja: '安全のため、サーバーは公開された http(s) アドレスからのみ論文をダウンロードします。この論文の PDF リンクはそれに当たりません（内部ネットワークを指しているなど）。PDF をご自身でダウンロードしてアップロードしてください', ko: '보안을 위해 서버는 공개된 http(s) 주소에서만 논문을 내려받습니다. 이 논문의 PDF 링크는 그런 주소가 아닙니다(예: 내부 네트워크를 가리킴). PDF를 직접 내려받아 업로드하세요' },
  doc_fetch_failed: { zh: '论文 PDF 下载失败，请稍后再试或手动上传', en: 'The paper\'s PDF could not be downloaded; try again later or upload it yourself', ja: '論文の PDF をダウンロードできませんでした。後で再試行するか、手動でアップロードしてください', ko: '논문 PDF를 내려받지 못했습니다. 나중에 다시 시도하거나 직접 업로드하세요' },
} as const;
