import type { SiteSettings } from '@xueba/contract';

const DISCLAIMER = {
  zh: '<p>AI 生成的内容不保证准确，请在引用或决策前自行核实。</p>',
  en: '<p>AI-generated content is not guaranteed to be accurate; verify it before you cite it or rely on it.</p>',
  ja: '<p>AI が生成した内容の正確性は保証されません。引用や判断の前にご自身で確認してください。</p>',
  ko: '<p>AI가 생성한 내용의 정확성은 보장되지 않습니다. 인용하거나 의존하기 전에 직접 확인하세요.</p>',
};

/** When the shipped texts below were last revised; an admin's edit stamps its own date. */
const SHIPPED = '2026-11-22T00:00:00.000Z';

export const DEFAULT_POLICIES: SiteSettings['policies'] = {
  service: {
    title: { zh: '用户协议', en: 'Terms of Service', ja: '利用規約', ko: '이용 약관' },
    content: {
      zh: `<h2>用户协议</h2><p>欢迎使用学霸。注册或使用本服务即表示您同意本协议。</p><h3>账号</h3><p>您应妥善保管账号和密码，对账号下的行为负责。</p><h3>使用规范</h3><p>不得利用本服务从事违法活动、学术不端或侵犯他人权益的行为。</p><h3>AI 内容</h3>${DISCLAIMER.zh}<h3>服务变更</h3><p>我们可能调整服务内容，并在站内公告。</p>`,
      en: `<h2>Terms of Service</h2><p>Welcome to Xueba. By registering or using the service you agree to these terms.</p><h3>Your account</h3><p>Keep your account and password safe; you are responsible for activity under your account.</p><h3>Acceptable use</h3><p>Do not use the service for unlawful purposes, academic misconduct or to infringe the rights of others.</p><h3>AI content</h3>${DISCLAIMER.en}<h3>Changes</h3><p>We may change the service and will announce it on the site.</p>`,
      ja: `<h2>利用規約</h2><p>学霸をご利用いただきありがとうございます。登録または利用により本規約に同意したものとみなします。</p><h3>アカウント</h3><p>アカウントとパスワードは適切に管理し、アカウントでの行為に責任を負ってください。</p><h3>禁止事項</h3><p>違法行為、研究不正、他者の権利侵害に本サービスを利用しないでください。</p><h3>AI コンテンツ</h3>${DISCLAIMER.ja}<h3>変更</h3><p>サービス内容を変更する場合はサイト上でお知らせします。</p>`,
      ko: `<h2>이용 약관</h2><p>학패를 이용해 주셔서 감사합니다. 가입하거나 서비스를 이용하면 본 약관에 동의한 것으로 봅니다.</p><h3>계정</h3><p>계정과 비밀번호를 안전하게 관리하고 계정에서 발생한 활동에 책임을 집니다.</p><h3>이용 규칙</h3><p>불법 행위, 연구 부정, 타인의 권리 침해에 서비스를 이용하지 마세요.</p><h3>AI 콘텐츠</h3>${DISCLAIMER.ko}<h3>변경</h3><p>서비스가 변경되면 사이트에 공지합니다.</p>`,
    },
    updated_at: SHIPPED,
  },
  privacy: {
    title: { zh: '隐私政策', en: 'Privacy Policy', ja: 'プライバシーポリシー', ko: '개인정보 처리방침' },
    content: {
      zh: '<h2>隐私政策</h2><p>我们收集提供服务所需的最少信息：邮箱或手机号、您上传的文件和对话内容。</p><p>密码以不可逆方式加密存储；验证码与登录令牌只保存其摘要。</p><p>您上传的文档仅用于为您提供服务，删除后其文件与索引一并删除。</p><p>我们不会出售您的个人信息。</p>',
      en: '<h2>Privacy Policy</h2><p>We collect the least information needed to provide the service: your email or mobile number, the files you upload and your conversations.</p><p>Passwords are stored with a one-way hash; verification codes and sign-in tokens are kept only as digests.</p><p>Documents you upload are used only to serve you; deleting one deletes its file and index.</p><p>We never sell your personal information.</p>',
      ja: '<h2>プライバシーポリシー</h2><p>サービス提供に必要な最小限の情報（メールアドレスまたは携帯番号、アップロードしたファイル、会話内容）を収集します。</p><p>パスワードは一方向ハッシュで保存し、認証コードとログイントークンはダイジェストのみを保存します。</p><p>アップロードした文書はサービス提供のみに使用し、削除するとファイルと索引も削除されます。</p><p>個人情報を販売することはありません。</p>',
      ko: '<h2>개인정보 처리방침</h2><p>서비스 제공에 필요한 최소한의 정보(이메일 또는 휴대폰 번호, 업로드한 파일, 대화 내용)만 수집합니다.</p><p>비밀번호는 단방향 해시로 저장하며, 인증 코드와 로그인 토큰은 요약값만 보관합니다.</p><p>업로드한 문서는 서비스 제공에만 사용되며, 삭제하면 파일과 색인도 함께 삭제됩니다.</p><p>개인정보를 판매하지 않습니다.</p>',
    },
    updated_at: SHIPPED,
  },
  pay: {
    title: { zh: '支付协议', en: 'Payment Agreement', ja: '支払い規約', ko: '결제 약관' },
    content: {
      zh: '<h2>支付协议</h2><p>会员与充值为虚拟商品，支付成功后不支持退款。</p><p>支付完成后约 2 分钟生效，请届时刷新页面。</p><p>如需发票，请通过官方公众号申请。</p>',
      en: '<h2>Payment Agreement</h2><p>Memberships and top-ups are digital goods and cannot be refunded after payment.</p><p>A payment takes effect about 2 minutes after it completes; please refresh the page then.</p><p>To request an invoice, contact us through the official account.</p>',
      ja: '<h2>支払い規約</h2><p>会員とチャージはデジタル商品のため、支払い後の返金はできません。</p><p>支払い完了から約 2 分で反映されます。その後ページを更新してください。</p><p>請求書は公式アカウントからお申し込みください。</p>',
      ko: '<h2>결제 약관</h2><p>회원권과 충전은 디지털 상품으로 결제 후 환불되지 않습니다.</p><p>결제 완료 후 약 2분 뒤에 적용되니 그때 페이지를 새로고침하세요.</p><p>영수증은 공식 계정을 통해 신청하세요.</p>',
    },
    updated_at: SHIPPED,
  },
  distribution: {
    title: { zh: '推广协议', en: 'Affiliate Programme Terms', ja: 'アフィリエイト規約', ko: '추천 프로그램 약관' },
    content: {
      zh: '<h2>推广协议</h2><p>推广员可按设定比例获得其邀请用户实付订单的佣金。佣金在待结算期结束后结算，订单关闭或退款时取消。</p><p>提现需达到最低金额并经管理员审核。</p><p>禁止虚假注册、刷单等作弊行为，一经发现取消佣金。</p>',
      en: '<h2>Affiliate Programme Terms</h2><p>Promoters earn a set percentage of paid orders from the users they invite. Commission settles after a pending period and is cancelled if the order is closed or refunded.</p><p>Withdrawals need a minimum amount and an administrator’s approval.</p><p>Fake sign-ups and fraudulent orders are forbidden and void any commission.</p>',
      ja: '<h2>アフィリエイト規約</h2><p>紹介者は、招待したユーザーの支払い済み注文に対して所定の割合の報酬を得られます。報酬は保留期間後に確定し、注文の取消や返金時には無効になります。</p><p>出金には最低金額と管理者の承認が必要です。</p><p>虚偽登録や不正注文は禁止され、報酬は無効になります。</p>',
      ko: '<h2>추천 프로그램 약관</h2><p>추천인은 초대한 사용자의 결제 완료 주문에 대해 정해진 비율의 수수료를 받습니다. 수수료는 보류 기간 후 확정되며 주문이 취소되거나 환불되면 취소됩니다.</p><p>출금은 최소 금액과 관리자 승인이 필요합니다.</p><p>허위 가입과 부정 주문은 금지되며 수수료가 무효 처리됩니다.</p>',
    },
    updated_at: SHIPPED,
  },
};
