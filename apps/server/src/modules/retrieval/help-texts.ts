import type { Locale } from '@xueba/contract';

/**
 * Built-in help articles the offline channel can quote (one per topic, in every
 * interface language). The texts are shown as Markdown with formulas: a formula
 * delimiter meant literally is written as inline code, or the renderer reads
 * the text between two `$` as a formula.
 */
export interface HelpArticle {
  id: string;
  texts: Record<Locale, { title: string; text: string }>;
  /**
   * Words people ask with that the text does not use (synonyms, the names of
   * pages and payment methods), in every language. Searched, never shown.
   */
  keywords: string;
}

export const HELP_ARTICLES: HelpArticle[] = [
  {
    id: 'chat',
    texts: {
      zh: { title: '如何使用学术对话', text: '在对话页输入问题，按 Enter 发送，Shift+Enter 换行。回答会逐字显示，可随时停止、重新生成、编辑问题后重新发送、复制、收藏，或把整段对话导出为 Markdown。公式使用 LaTeX（`$…$` 或 `$$…$$`）显示。AI 生成的内容不保证准确，请自行核实。' },
      en: { title: 'Using academic chat', text: 'Type a question on the chat page and press Enter to send; Shift+Enter starts a new line. The answer streams in; you can stop it, regenerate it, edit the question and resend, copy, bookmark, or export the whole conversation as Markdown. Formulas are written in LaTeX (`$…$` or `$$…$$`). AI-generated content is not guaranteed to be accurate; check it.' },
      ja: { title: '学術チャットの使い方', text: 'チャット画面で質問を入力し Enter で送信、Shift+Enter で改行します。回答は逐次表示され、停止・再生成・質問の編集と再送信・コピー・お気に入り・Markdown での書き出しができます。数式は LaTeX（`$…$` または `$$…$$`）で表示されます。AI の生成内容は正確とは限りません。' },
      ko: { title: '학술 대화 사용법', text: '대화 화면에서 질문을 입력하고 Enter로 보내며 Shift+Enter로 줄을 바꿉니다. 답변은 실시간으로 표시되며 중지, 다시 생성, 질문 편집 후 다시 보내기, 복사, 즐겨찾기, Markdown 내보내기를 할 수 있습니다. 수식은 LaTeX(`$…$` 또는 `$$…$$`)로 표시됩니다. AI 생성 내용은 정확성을 보장하지 않습니다.' },
    },
    keywords: 'chat conversation ask question answer send stop regenerate export markdown formula latex bookmark 对话 聊天 提问 问答 回答 发送 停止 重新生成 导出 公式 收藏 チャット 会話 質問 回答 送信 停止 再生成 書き出し 数式 お気に入り 채팅 대화 질문 답변 보내기 중지 다시 생성 내보내기 수식 즐겨찾기',
  },
  {
    id: 'billing',
    texts: {
      zh: { title: '对话次数、字数与会员', text: '每个模型按管理员设置计费：按回答扣除对话次数，或按每千字扣除字数。回答被停止或中途失败时只按已生成的内容计费，没有内容则不扣费。学术 AI 会员（VIP、B-VIP）使用对话不消耗次数。余额不足时可以充值或开通会员。' },
      en: { title: 'Conversation counts, words and membership', text: 'Each model is billed as the administrator set it: conversation counts per answer, or word count per 1,000 words. A stopped or failed answer is billed only for what was delivered; nothing delivered costs nothing. Academic AI members (VIP, B-VIP) consume no counts. When the balance runs out, top up or become a member.' },
      ja: { title: '会話回数・文字数と会員', text: '各モデルは管理者の設定どおりに課金されます。回答ごとに会話回数、または1,000文字ごとに文字数を消費します。停止や途中失敗の回答は生成された分だけ課金され、何も生成されなければ課金されません。学術 AI 会員（VIP、B-VIP）は回数を消費しません。残高が足りない場合はチャージまたは会員登録をしてください。' },
      ko: { title: '대화 횟수, 글자 수와 회원', text: '각 모델은 관리자가 정한 대로 과금됩니다. 답변마다 대화 횟수를 차감하거나 1,000자마다 글자 수를 차감합니다. 중지되거나 중간에 실패한 답변은 생성된 만큼만 과금되며 아무것도 생성되지 않으면 과금되지 않습니다. 학술 AI 회원(VIP, B-VIP)은 횟수를 소모하지 않습니다. 잔액이 부족하면 충전하거나 회원에 가입하세요.' },
    },
    keywords: 'billing bill charge charged cost price balance count counts words quota deduct consume free 计费 扣费 扣除 费用 价格 余额 次数 字数 额度 消耗 免费 收费 課金 料金 残高 回数 文字数 消費 無料 과금 요금 비용 잔액 횟수 글자 수 차감 무료',
  },
  {
    id: 'templates',
    texts: {
      zh: { title: '写作模板', text: '创作页提供中文润色、英文润色（给出修改后的文本和每处修改及原因的表格）、关键词推荐、期刊投稿建议、研究方法推荐、中英互译和邮件回复等模板。填写必填项后生成，通常在 10 秒内完成；生成记录可以查看、复制和删除。' },
      en: { title: 'Writing templates', text: 'The create page offers templates for polishing Chinese, polishing English (the revised text plus a table of each change and its reason), keyword recommendation, journal submission advice, research method recommendation, Chinese-English translation and email replies. Fill in the required fields and run it; it usually finishes within 10 seconds. The history can be viewed, copied and deleted.' },
      ja: { title: '執筆テンプレート', text: '作成ページには中国語の校正、英語の校正（修正後の文と各修正とその理由の表）、キーワード推薦、投稿先アドバイス、研究方法の推薦、中英翻訳、メール返信のテンプレートがあります。必須項目を入力して実行すると、通常10秒以内に完了します。履歴は閲覧・コピー・削除できます。' },
      ko: { title: '글쓰기 템플릿', text: '작성 페이지에는 중국어 교정, 영어 교정(수정된 글과 각 수정 및 이유의 표), 키워드 추천, 저널 투고 조언, 연구 방법 추천, 중영 번역, 이메일 답장 템플릿이 있습니다. 필수 항목을 입력하고 실행하면 보통 10초 안에 완료됩니다. 기록은 보기, 복사, 삭제할 수 있습니다.' },
    },
    keywords: 'template templates writing write create creation polish polishing proofread grammar keyword keywords journal submission method translate translation email reply history 模板 写作 创作 润色 语法 关键词 期刊 投稿 研究方法 翻译 中英互译 邮件 回复 生成记录 テンプレート 執筆 作成 校正 文法 キーワード 投稿 翻訳 メール 返信 履歴 템플릿 글쓰기 작성 교정 문법 키워드 저널 투고 번역 이메일 답장 기록',
  },
  {
    id: 'models',
    texts: {
      zh: { title: '接入 AI 模型', text: '管理员可在「后台 → 模型」中添加任意兼容 OpenAI 接口的渠道（如 OpenAI、DeepSeek、通义千问、智谱、Moonshot、Ollama、vLLM），填写接口地址、API 密钥（加密保存）和超时时间，设置模型名称、计费方式和默认模型，并用“测试”按钮验证。未接入模型时，对话使用离线检索渠道，引用文献库和帮助文本中的段落，不会冒充模型。' },
      en: { title: 'Connecting an AI model', text: 'An administrator adds any OpenAI-compatible channel (OpenAI, DeepSeek, Qwen, Zhipu, Moonshot, Ollama, vLLM) in Admin → Models: base URL, API key (stored encrypted) and timeouts, then the models with their names, billing and the default model, and checks it with the Test button. Without a model, chat uses the offline retrieval channel, which quotes the paper library and help texts and never pretends to be a model.' },
      ja: { title: 'AI モデルの接続', text: '管理者は「管理 → モデル」で OpenAI 互換のチャネル（OpenAI、DeepSeek、Qwen、Zhipu、Moonshot、Ollama、vLLM など）を追加し、ベース URL、API キー（暗号化保存）、タイムアウト、モデル名、課金方法、既定モデルを設定し、「テスト」で確認できます。モデルがない間はオフライン検索チャネルが論文ライブラリとヘルプの段落を引用して答え、モデルのふりはしません。' },
      ko: { title: 'AI 모델 연결', text: '관리자는 "관리 → 모델"에서 OpenAI 호환 채널(OpenAI, DeepSeek, Qwen, Zhipu, Moonshot, Ollama, vLLM 등)을 추가하고 기본 URL, API 키(암호화 저장), 시간 제한, 모델 이름, 과금 방식, 기본 모델을 설정한 뒤 "테스트" 버튼으로 확인할 수 있습니다. 모델이 없으면 대화는 오프라인 검색 채널을 사용하며 논문 라이브러리와 도움말의 단락을 인용하고 모델인 척하지 않습니다.' },
    },
    keywords: 'model models ai gpt openai deepseek api key channel connect admin administrator offline 模型 接入 渠道 密钥 管理员 后台 离线 モデル 接続 チャネル キー 管理者 オフライン 모델 연결 채널 키 관리자 오프라인',
  },
  {
    id: 'membership',
    texts: {
      zh: { title: '会员（VIP、B-VIP）', text: '在「开通会员」页面（/openvip）选择学术 AI 会员或文档阅读会员的套餐，按月或永久购买。会员使用对话不消耗次数，研究报告和文献阅读需要对应的会员。再次购买会从当前到期时间顺延，等级高的优先，永久会员一直有效。会员状态和到期时间显示在个人中心。' },
      en: { title: 'Membership (VIP, B-VIP)', text: 'On the membership page (/openvip) choose an academic AI membership or a document reading membership, by the month or permanent. Members consume no conversation counts, and reading research reports and literature needs the matching membership. Buying again extends from the current expiry, the higher level wins, and a permanent membership stays permanent. Your membership and its expiry are shown in the user centre.' },
      ja: { title: '会員（VIP、B-VIP）', text: '会員ページ（/openvip）で学術 AI 会員または文書閲読会員のプランを選び、月単位または永久で購入します。会員は会話回数を消費せず、研究レポートと文献の閲読には対応する会員が必要です。再購入すると現在の有効期限から延長され、上位のレベルが優先され、永久会員はずっと有効です。会員状態と有効期限はユーザーセンターに表示されます。' },
      ko: { title: '회원(VIP, B-VIP)', text: '회원 페이지(/openvip)에서 학술 AI 회원 또는 문서 읽기 회원 플랜을 월 단위나 영구로 구매합니다. 회원은 대화 횟수를 소모하지 않으며, 연구 보고서와 문헌 읽기에는 해당 회원이 필요합니다. 다시 구매하면 현재 만료일부터 연장되고, 높은 등급이 우선하며, 영구 회원은 계속 유효합니다. 회원 상태와 만료일은 사용자 센터에 표시됩니다.' },
    },
    keywords: 'member members membership vip b-vip subscribe subscription upgrade join plan plans package expiry expire renew monthly permanent premium benefit benefits privilege 会员 开通 订阅 升级 套餐 到期 续费 永久 包月 好处 权益 特权 会員 加入 登録 アップグレード プラン 期限 更新 永久 特典 メリット 회원 가입 구독 업그레이드 플랜 만료 갱신 영구 멤버십 혜택 특권',
  },
  {
    id: 'payments',
    texts: {
      zh: { title: '充值、支付与订单', text: '在「充值」页面（/recharge）或会员页面选择套餐，勾选支付协议后用微信支付或支付宝付款（以网站开放的方式为准）。付款完成后通常约 2 分钟生效，之后刷新页面即可看到余额。未付款的订单可以在「我的订单」（/user/orders）中继续支付或取消。付款后不支持退款，发票可以通过官方公众号申请。也可以在 /redeem_code 使用卡密（兑换码）充值。' },
      en: { title: 'Top-up, payment and orders', text: 'Choose a package on the top-up page (/recharge) or the membership page, tick the payment agreement and pay with WeChat Pay or Alipay (whichever the site offers). A payment usually takes effect about 2 minutes after it completes; refresh the page to see the new balance. An unpaid order can be paid or cancelled under My orders (/user/orders). Payments are not refunded; an invoice can be requested through the official account. Redeem codes (card codes) are entered at /redeem_code.' },
      ja: { title: 'チャージ・支払い・注文', text: 'チャージページ（/recharge）または会員ページでプランを選び、支払い規約に同意して WeChat Pay または Alipay（サイトが提供する方法）で支払います。支払いは完了後およそ2分で反映されるので、ページを更新すると新しい残高が表示されます。未払いの注文は「注文履歴」（/user/orders）で支払いを続けるか取り消せます。支払い後の返金はできません。領収書は公式アカウントから申請できます。引き換えコード（カードコード）は /redeem_code で入力します。' },
      ko: { title: '충전, 결제와 주문', text: '충전 페이지(/recharge)나 회원 페이지에서 상품을 고르고 결제 약관에 동의한 뒤 WeChat Pay 또는 Alipay(사이트에서 제공하는 방식)로 결제합니다. 결제는 완료 후 약 2분 뒤에 반영되며, 페이지를 새로 고치면 새 잔액이 보입니다. 결제하지 않은 주문은 "내 주문"(/user/orders)에서 이어서 결제하거나 취소할 수 있습니다. 결제 후에는 환불되지 않으며, 영수증은 공식 계정으로 요청할 수 있습니다. 교환 코드(카드 코드)는 /redeem_code에서 입력합니다.' },
    },
    keywords: 'pay paid payment payments purchase buy buying top up topup recharge order orders checkout wechat alipay refund invoice receipt redeem code card money yuan price 支付 付款 付费 购买 充值 订单 微信 支付宝 退款 发票 兑换码 卡密 兑换 钱 价格 買う 購入 支払 支払い 決済 チャージ 注文 返金 領収書 引き換え コード 料金 구매 결제 충전 주문 환불 영수증 교환 코드 가격 돈',
  },
  {
    id: 'invitations',
    texts: {
      zh: { title: '邀请好友、每日任务与推广', text: '在任务中心（/user/tasks）复制你的邀请链接发给朋友。朋友通过链接注册并第一次真正使用后，你和朋友都会获得对话次数奖励。每日签到、使用对话、使用写作模板等任务也会奖励次数或字数。开通推广计划后，被邀请人付费订单的一部分作为佣金，待结算期过后可以申请提现到支付宝、微信或银行卡。' },
      en: { title: 'Inviting friends, daily tasks and promotion', text: 'Copy your invitation link in the task centre (/user/tasks) and send it to friends. When a friend signs up through the link and uses the product for real the first time, you and your friend both receive conversation counts. Daily tasks (sign in, use chat, use a writing template) also reward counts or words. With the promotion programme on, a share of your invitees\' paid orders is your commission; once it settles you can withdraw it to Alipay, WeChat or a bank card.' },
      ja: { title: '友だち招待・毎日のタスク・プロモーション', text: 'タスクセンター（/user/tasks）で招待リンクをコピーして友だちに送ります。友だちがリンクから登録し初めて実際に利用すると、あなたと友だちの両方に会話回数が付与されます。毎日のタスク（サインイン、チャットの利用、執筆テンプレートの利用）でも回数や文字数がもらえます。プロモーションが有効な場合、招待した人の有料注文の一部が報酬となり、確定後に Alipay、WeChat、銀行口座へ出金を申請できます。' },
      ko: { title: '친구 초대, 일일 과제와 홍보', text: '과제 센터(/user/tasks)에서 초대 링크를 복사해 친구에게 보내세요. 친구가 링크로 가입하고 처음으로 실제 사용하면 나와 친구 모두 대화 횟수를 받습니다. 일일 과제(출석, 대화 사용, 글쓰기 템플릿 사용)로도 횟수나 글자 수를 받을 수 있습니다. 홍보 프로그램이 켜져 있으면 초대한 사람의 유료 주문 일부가 수수료가 되며, 정산 후 Alipay, WeChat 또는 은행 계좌로 출금을 신청할 수 있습니다.' },
    },
    keywords: 'invite invitation invitations inviting friend friends referral refer link share sharing reward rewards bonus task tasks daily sign-in check-in promotion promoter distribution commission withdraw withdrawal earn 邀请 好友 朋友 推荐 链接 分享 奖励 任务 每日 签到 推广 分销 佣金 提现 赚钱 招待 友だち 友達 紹介 リンク 共有 報酬 タスク 毎日 ログインボーナス プロモーション 出金 초대 친구 추천 링크 공유 보상 과제 출석 홍보 수수료 출금',
  },
  {
    id: 'documents',
    texts: {
      zh: { title: '上传文档与文档问答', text: '在文档管理页面（/doc/manage）上传研究报告或文献：每次最多 10 个文件，每个文件不超过 20MB 或 10 万字，支持 pdf、docx、doc、txt 和 md，不支持图片。处理完成后可以阅读、重命名、删除，并对一个或多个文档提问，回答会引用页码。文档问答需要对应的会员；每位用户的文件总容量为 500 MB。' },
      en: { title: 'Uploading documents and asking them questions', text: 'Upload research reports or literature on the document page (/doc/manage): up to 10 files at a time, each at most 20 MB or 100,000 words, in pdf, docx, doc, txt or md (images are not accepted). Once processed, a document can be read, renamed, deleted and asked questions, alone or with others; answers cite the pages. Asking documents needs the matching membership; each user has 500 MB of file storage.' },
      ja: { title: '文書のアップロードと文書への質問', text: '文書管理ページ（/doc/manage）で研究レポートや文献をアップロードします。一度に最大10ファイル、1ファイル 20MB または 10万字まで、pdf・docx・doc・txt・md に対応し、画像は受け付けません。処理が終わると閲覧・名前変更・削除ができ、1つまたは複数の文書に質問でき、回答はページを引用します。文書への質問には対応する会員が必要で、ファイル容量は1ユーザー 500 MB です。' },
      ko: { title: '문서 업로드와 문서 질의응답', text: '문서 관리 페이지(/doc/manage)에서 연구 보고서나 문헌을 업로드합니다. 한 번에 최대 10개 파일, 파일당 20MB 또는 10만 자까지이며 pdf, docx, doc, txt, md를 지원하고 이미지는 받지 않습니다. 처리가 끝나면 읽기, 이름 바꾸기, 삭제를 할 수 있고 하나 또는 여러 문서에 질문할 수 있으며 답변은 페이지를 인용합니다. 문서 질문에는 해당 회원이 필요하며 사용자당 파일 용량은 500 MB입니다.' },
    },
    keywords: 'document documents doc file files upload uploading pdf docx word txt md report literature read reader reading page pages storage quota size limit format formats processing failed 文档 文件 上传 研究报告 文献 阅读 页码 容量 大小 格式 处理 失败 文書 ファイル アップロード 研究レポート 文献 閲読 容量 サイズ 形式 処理 失敗 문서 파일 업로드 연구 보고서 문헌 읽기 용량 크기 형식 처리 실패',
  },
  {
    id: 'search',
    texts: {
      zh: { title: '文献检索', text: '在学术搜索页面（/academic_search）输入关键词，可以按年份、类型和期刊会议筛选，按相关度、引用数或时间排序。中文关键词会同时按英文检索，页面会显示“同时检索”的英文词。结果来自本站文献库，网络可用时同时检索 OpenAlex；打开论文可以查看摘要和参考文献、复制引用格式或收藏。' },
      en: { title: 'Searching for papers', text: 'Type keywords on the academic search page (/academic_search); filter by year, type and venue, and sort by relevance, citations or date. Chinese keywords are also searched in English, and the page shows what it also searched. Results come from the site\'s paper library and, when the network allows, from OpenAlex; open a paper to see its abstract and references, copy a citation or add it to your favourites.' },
      ja: { title: '論文検索', text: '学術検索ページ（/academic_search）でキーワードを入力し、年・種類・会議や雑誌で絞り込み、関連度・被引用数・新しさで並べ替えられます。中国語のキーワードは英語でも検索され、ページに「あわせて検索」した語が表示されます。結果はサイトの論文ライブラリと、ネットワークが使えるときは OpenAlex から取得します。論文を開くと要旨と参考文献を見たり、引用をコピーしたり、お気に入りに追加できます。' },
      ko: { title: '논문 검색', text: '학술 검색 페이지(/academic_search)에서 키워드를 입력하고 연도, 유형, 학회·저널로 거르며 관련도, 인용 수, 최신순으로 정렬할 수 있습니다. 중국어 키워드는 영어로도 검색되며 페이지에 "함께 검색한" 단어가 표시됩니다. 결과는 사이트의 논문 라이브러리와, 네트워크가 될 때는 OpenAlex에서 가져옵니다. 논문을 열면 초록과 참고 문헌을 보고 인용을 복사하거나 즐겨찾기에 추가할 수 있습니다.' },
    },
    keywords: 'search searching find look up paper papers article articles academic scholar literature keyword keywords filter sort citation cite reference references favourite favorites library openalex 检索 搜索 查找 论文 文献 学术 关键词 筛选 排序 引用 参考文献 收藏 文献库 検索 探す 論文 学術 キーワード 絞り込み 並べ替え 引用 参考文献 お気に入り 검색 찾기 논문 학술 키워드 필터 정렬 인용 참고 문헌 즐겨찾기',
  },
  {
    id: 'account',
    texts: {
      zh: { title: '注册、登录与账号', text: '可以用邮箱加密码或验证码登录，也可以用手机号、微信或 Google 账号登录；开放注册时，用验证码登录未注册的邮箱会直接创建账号。密码为 6-20 位，包含数字和字母或符号。忘记密码时在登录框中选择“忘记密码”，用邮箱或手机验证码重设。连续输错 10 次密码会锁定账号 15 分钟。昵称、头像和单位在个人信息页（/user/info）修改。' },
      en: { title: 'Signing up, signing in and your account', text: 'Sign in with your email and a password or a verification code, or with a mobile number, WeChat or Google; while registration is open, signing in with a code to an unregistered email creates the account. Passwords are 6-20 characters with digits plus letters or symbols. If you forgot your password, choose "Forgot password" in the sign-in dialog and reset it with a code sent to your email or phone. Ten wrong passwords in a row lock the account for 15 minutes. Change your nickname, avatar and organisation on the profile page (/user/info).' },
      ja: { title: '登録・ログイン・アカウント', text: 'メールアドレスとパスワードまたは確認コード、携帯電話番号、WeChat、Google でログインできます。登録を受け付けている間は、未登録のメールアドレスに確認コードでログインするとアカウントが作成されます。パスワードは 6〜20 文字で、数字と英字または記号を含めます。パスワードを忘れた場合はログイン画面の「パスワードを忘れた」から、メールまたは携帯電話に届くコードで再設定します。10回続けて間違えるとアカウントは15分間ロックされます。ニックネーム・アバター・所属はプロフィールページ（/user/info）で変更します。' },
      ko: { title: '가입, 로그인과 계정', text: '이메일과 비밀번호 또는 인증 코드, 휴대폰 번호, WeChat, Google로 로그인할 수 있습니다. 가입을 받는 동안에는 가입하지 않은 이메일로 인증 코드 로그인을 하면 계정이 만들어집니다. 비밀번호는 6~20자로 숫자와 문자 또는 기호를 포함해야 합니다. 비밀번호를 잊었다면 로그인 창에서 "비밀번호 찾기"를 선택하고 이메일이나 휴대폰으로 받은 코드로 재설정하세요. 비밀번호를 10번 연속 틀리면 계정이 15분 동안 잠깁니다. 닉네임, 아바타, 소속은 프로필 페이지(/user/info)에서 바꿉니다.' },
    },
    keywords: 'account register registration sign up signup sign in signin login log in logout password forgot reset change verification code email mobile phone wechat google locked lock profile nickname avatar organisation delete 账号 账户 注册 登录 登陆 退出 密码 忘记 重置 修改 验证码 邮箱 手机 手机号 锁定 个人信息 昵称 头像 单位 アカウント 登録 ログイン ログアウト パスワード 忘れ 再設定 変更 確認コード メール 携帯 ロック プロフィール ニックネーム アバター 所属 계정 가입 회원가입 로그인 로그아웃 비밀번호 분실 재설정 변경 인증 코드 이메일 휴대폰 잠금 프로필 닉네임 아바타 소속',
  },
];
