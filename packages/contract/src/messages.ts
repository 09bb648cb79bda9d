import type { Locale } from './locales.js';

/**
 * Server message catalogue (spec §8 plus the foundation's own texts).
 * The server answers `msg` in the request's locale from this table; the web app
 * renders the same keys, so one table serves both sides. `{name}` placeholders
 * are filled by `formatMessage`.
 */
export const MESSAGES = {
  operation_successful: { zh: '操作成功', en: 'Operation successful', ja: '操作に成功しました', ko: '작업이 완료되었습니다' },
  bookmark_added: { zh: '收藏成功', en: 'Bookmark added', ja: 'お気に入りに追加しました', ko: '즐겨찾기에 추가했습니다' },
  bookmark_removed: { zh: '已取消收藏', en: 'Bookmark removed', ja: 'お気に入りから削除しました', ko: '즐겨찾기에서 삭제했습니다' },
  document_deleted: { zh: '文档已删除', en: 'Document deleted', ja: 'ドキュメントを削除しました', ko: '문서를 삭제했습니다' },
  document_renamed: { zh: '文档已重命名', en: 'Document renamed', ja: 'ドキュメント名を変更しました', ko: '문서 이름을 변경했습니다' },
  document_uploaded: { zh: '文档已上传', en: 'Document uploaded', ja: 'ドキュメントをアップロードしました', ko: '문서를 업로드했습니다' },
  email_registered: { zh: '该邮箱已注册', en: 'This email has been registered', ja: 'このメールアドレスは登録済みです', ko: '이미 가입된 이메일입니다' },
  mobile_registered: { zh: '该手机号已注册', en: 'This mobile number has been registered', ja: 'この携帯番号は登録済みです', ko: '이미 가입된 휴대폰 번호입니다' },
  data_exception: { zh: '数据异常', en: 'Data exception', ja: 'データに異常があります', ko: '데이터 오류입니다' },
  server_exception: { zh: '服务器异常', en: 'Server exception', ja: 'サーバーエラーが発生しました', ko: '서버 오류가 발생했습니다' },
  email_not_exist: { zh: '邮箱不存在', en: 'Email does not exist', ja: 'メールアドレスが存在しません', ko: '존재하지 않는 이메일입니다' },
  mobile_not_exist: { zh: '手机号不存在', en: 'Mobile number does not exist', ja: '携帯番号が存在しません', ko: '존재하지 않는 휴대폰 번호입니다' },
  account_not_exist: { zh: '账号不存在', en: 'Account does not exist', ja: 'アカウントが存在しません', ko: '존재하지 않는 계정입니다' },
  insufficient_conversation_balance: { zh: '对话余额不足', en: 'Insufficient conversation balance', ja: '会話残高が不足しています', ko: '대화 잔여 횟수가 부족합니다' },
  insufficient_word_balance: { zh: '字数余额不足', en: 'Insufficient word balance', ja: '文字数残高が不足しています', ko: '글자 수 잔액이 부족합니다' },
  insufficient_balance: { zh: '余额不足，不能扣减', en: 'Insufficient balance for this deduction', ja: '残高が不足しているため差し引けません', ko: '잔액이 부족하여 차감할 수 없습니다' },
  backend_config_error: { zh: '后台配置错误', en: 'Backend configuration error', ja: 'バックエンドの設定エラーです', ko: '백엔드 설정 오류입니다' },
  doc_not_support_loading: { zh: '该文档不支持加载', en: 'Document does not support loading', ja: 'このドキュメントは読み込めません', ko: '이 문서는 불러올 수 없습니다' },
  docx_loading_failed: { zh: 'docx 加载失败', en: 'Docx loading failed', ja: 'docx の読み込みに失敗しました', ko: 'docx 불러오기에 실패했습니다' },
  doc_parsing_failed: { zh: '文档解析失败', en: 'Document parsing failed', ja: 'ドキュメントの解析に失敗しました', ko: '문서 분석에 실패했습니다' },
  doc_processing_failed: { zh: '文档处理失败', en: 'Document processing failed', ja: 'ドキュメントの処理に失敗しました', ko: '문서 처리에 실패했습니다' },
  generation_failed: { zh: '生成失败', en: 'Generation failed', ja: '生成に失敗しました', ko: '생성에 실패했습니다' },
  copy_failed: { zh: '复制失败', en: 'Copy failed', ja: 'コピーに失敗しました', ko: '복사에 실패했습니다' },
  copied: { zh: '复制成功', en: 'Copied successfully', ja: 'コピーしました', ko: '복사했습니다' },
  favorite_failed: { zh: '收藏失败', en: 'Favorite failed', ja: 'お気に入り登録に失敗しました', ko: '즐겨찾기에 실패했습니다' },
  upload_not_allowed: { zh: '不允许上传该文件', en: 'Upload not allowed', ja: 'このファイルはアップロードできません', ko: '업로드할 수 없는 파일입니다' },
  please_login_first: { zh: '请先登录', en: 'Please log in first', ja: '先にログインしてください', ko: '먼저 로그인하세요' },
  login_required: { zh: '请登录后再操作', en: 'Please log in before proceeding', ja: 'ログインしてから操作してください', ko: '로그인 후 진행하세요' },
  login_expired: { zh: '登录已失效，请重新登录', en: 'Your session has expired, please log in again', ja: 'ログインの有効期限が切れました。再度ログインしてください', ko: '로그인이 만료되었습니다. 다시 로그인하세요' },
  not_member: { zh: '您还不是会员，请先开通会员', en: 'You are not a member yet, please become a member first', ja: 'まだ会員ではありません。先に会員になってください', ko: '아직 회원이 아닙니다. 먼저 회원에 가입하세요' },
  membership_disabled: { zh: '会员功能未开启', en: 'Membership function is not enabled', ja: '会員機能は有効になっていません', ko: '회원 기능이 활성화되지 않았습니다' },
  drawing_disabled: { zh: '绘画功能未开启', en: 'Drawing function not enabled', ja: '描画機能は有効になっていません', ko: '그리기 기능이 활성화되지 않았습니다' },
  password_length: { zh: '密码长度应为6-20位', en: 'Password length should be 6-20', ja: 'パスワードは6〜20文字にしてください', ko: '비밀번호는 6-20자여야 합니다' },
  password_rule: { zh: '密码须包含数字以及字母或符号', en: 'Password must contain digits plus letters or symbols', ja: 'パスワードには数字と、英字または記号を含めてください', ko: '비밀번호에는 숫자와 문자 또는 기호가 포함되어야 합니다' },
  password_mismatch: { zh: '两次输入的密码不一致', en: 'Passwords entered do not match', ja: '入力したパスワードが一致しません', ko: '입력한 비밀번호가 일치하지 않습니다' },
  password_required: { zh: '请输入密码', en: 'Password is required', ja: 'パスワードを入力してください', ko: '비밀번호를 입력하세요' },
  wrong_password: { zh: '账号或密码错误', en: 'Wrong account or password', ja: 'アカウントまたはパスワードが間違っています', ko: '계정 또는 비밀번호가 올바르지 않습니다' },
  old_password_wrong: { zh: '原密码错误', en: 'The current password is wrong', ja: '現在のパスワードが間違っています', ko: '현재 비밀번호가 올바르지 않습니다' },
  account_locked: { zh: '密码错误次数过多，请{minutes}分钟后再试', en: 'Too many wrong passwords, try again in {minutes} minutes', ja: 'パスワードの誤りが多すぎます。{minutes}分後に再試行してください', ko: '비밀번호 오류가 너무 많습니다. {minutes}분 후 다시 시도하세요' },
  account_disabled: { zh: '账号已被禁用', en: 'This account has been disabled', ja: 'このアカウントは無効化されています', ko: '비활성화된 계정입니다' },
  email_required: { zh: '请输入邮箱', en: 'Email is required', ja: 'メールアドレスを入力してください', ko: '이메일을 입력하세요' },
  email_invalid: { zh: '邮箱格式不正确', en: 'Invalid email address', ja: 'メールアドレスの形式が正しくありません', ko: '이메일 형식이 올바르지 않습니다' },
  mobile_required: { zh: '请输入手机号', en: 'Mobile number is required', ja: '携帯番号を入力してください', ko: '휴대폰 번호를 입력하세요' },
  mobile_invalid: { zh: '手机号格式不正确', en: 'Invalid mobile number', ja: '携帯番号の形式が正しくありません', ko: '휴대폰 번호 형식이 올바르지 않습니다' },
  code_required: { zh: '请输入验证码', en: 'Verification code is required', ja: '認証コードを入力してください', ko: '인증 코드를 입력하세요' },
  code_sent: { zh: '验证码已发送', en: 'Verification code sent', ja: '認証コードを送信しました', ko: '인증 코드를 보냈습니다' },
  code_invalid: { zh: '验证码错误或已失效', en: 'The verification code is wrong or no longer valid', ja: '認証コードが間違っているか、無効です', ko: '인증 코드가 틀렸거나 유효하지 않습니다' },
  code_too_frequent: { zh: '发送过于频繁，请{seconds}秒后再试', en: 'Please wait {seconds} seconds before requesting another code', ja: '{seconds}秒後に再度お試しください', ko: '{seconds}초 후에 다시 요청하세요' },
  code_daily_limit: { zh: '今日验证码发送次数已达上限', en: 'Daily limit for verification codes reached', ja: '本日の認証コード送信回数の上限に達しました', ko: '오늘 인증 코드 발송 한도에 도달했습니다' },
  send_failed: { zh: '发送失败，请稍后再试', en: 'Sending failed, please try again later', ja: '送信に失敗しました。しばらくしてから再試行してください', ko: '전송에 실패했습니다. 잠시 후 다시 시도하세요' },
  validation_failed: { zh: '参数错误：{field}', en: 'Invalid parameter: {field}', ja: 'パラメータが不正です：{field}', ko: '잘못된 매개변수: {field}' },
  malformed_json: { zh: '请求内容不是有效的 JSON', en: 'The request body is not valid JSON', ja: 'リクエスト本文が有効な JSON ではありません', ko: '요청 본문이 올바른 JSON이 아닙니다' },
  payload_too_large: { zh: '内容过大', en: 'The request is too large', ja: 'リクエストが大きすぎます', ko: '요청이 너무 큽니다' },
  file_required: { zh: '请选择文件', en: 'Please choose a file', ja: 'ファイルを選択してください', ko: '파일을 선택하세요' },
  image_only: { zh: '只能上传图片（PNG、JPEG、GIF、WebP）', en: 'Only images can be uploaded (PNG, JPEG, GIF, WebP)', ja: '画像（PNG、JPEG、GIF、WebP）のみアップロードできます', ko: '이미지(PNG, JPEG, GIF, WebP)만 업로드할 수 있습니다' },
  file_too_large: { zh: '文件不能超过{size}MB', en: 'The file may not exceed {size} MB', ja: 'ファイルは{size}MB以下にしてください', ko: '파일은 {size}MB를 초과할 수 없습니다' },
  rate_limited: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later', ja: 'リクエストが多すぎます。しばらくしてから再試行してください', ko: '요청이 너무 많습니다. 잠시 후 다시 시도하세요' },
  not_found: { zh: '请求的资源不存在', en: 'Not found', ja: '見つかりません', ko: '찾을 수 없습니다' },
  forbidden: { zh: '没有权限', en: 'You do not have permission', ja: '権限がありません', ko: '권한이 없습니다' },
  oauth_not_configured: { zh: '该登录方式未启用', en: 'This sign-in method is not enabled', ja: 'このログイン方法は有効ではありません', ko: '이 로그인 방식은 활성화되지 않았습니다' },
  oauth_failed: { zh: '第三方登录失败，请重试', en: 'Third-party sign-in failed, please try again', ja: '外部アカウントでのログインに失敗しました', ko: '외부 계정 로그인에 실패했습니다' },
  login_method_disabled: { zh: '该登录方式已关闭', en: 'This sign-in method is turned off', ja: 'このログイン方法は無効です', ko: '이 로그인 방식은 꺼져 있습니다' },
  register_disabled: { zh: '暂未开放注册', en: 'Registration is closed', ja: '現在登録を受け付けていません', ko: '현재 가입을 받지 않습니다' },
  login_success: { zh: '登录成功', en: 'Signed in', ja: 'ログインしました', ko: '로그인했습니다' },
  register_success: { zh: '注册成功', en: 'Account created', ja: 'アカウントを作成しました', ko: '계정을 만들었습니다' },
  logout_success: { zh: '已退出登录', en: 'Signed out', ja: 'ログアウトしました', ko: '로그아웃했습니다' },
  password_reset: { zh: '密码已重置，请重新登录', en: 'Password reset, please sign in again', ja: 'パスワードを再設定しました。再度ログインしてください', ko: '비밀번호를 재설정했습니다. 다시 로그인하세요' },
  password_changed: { zh: '密码已修改，请重新登录', en: 'Password changed, please sign in again', ja: 'パスワードを変更しました。再度ログインしてください', ko: '비밀번호를 변경했습니다. 다시 로그인하세요' },
  mobile_bound: { zh: '手机号绑定成功', en: 'Mobile number bound', ja: '携帯番号を連携しました', ko: '휴대폰 번호를 연결했습니다' },
  saved: { zh: '保存成功', en: 'Saved', ja: '保存しました', ko: '저장했습니다' },
  share_invalid: { zh: '邀请链接无效', en: 'Invalid invitation link', ja: '招待リンクが無効です', ko: '유효하지 않은 초대 링크입니다' },
  share_self: { zh: '不能邀请自己', en: 'You cannot invite yourself', ja: '自分自身を招待することはできません', ko: '자기 자신을 초대할 수 없습니다' },
  share_already_bound: { zh: '已绑定邀请人', en: 'An inviter is already bound', ja: '招待者はすでに登録されています', ko: '초대자가 이미 연결되어 있습니다' },
  policy_not_found: { zh: '协议不存在', en: 'Policy not found', ja: '規約が見つかりません', ko: '약관을 찾을 수 없습니다' },
  user_not_found: { zh: '用户不存在', en: 'User not found', ja: 'ユーザーが見つかりません', ko: '사용자를 찾을 수 없습니다' },
  cannot_disable_self: { zh: '不能禁用自己', en: 'You cannot disable your own account', ja: '自分のアカウントは無効化できません', ko: '자신의 계정은 비활성화할 수 없습니다' },
  unknown_route_middleware: { zh: '未知的路由中间件', en: 'Unknown route middleware', ja: '不明なルートミドルウェア', ko: '알 수 없는 라우트 미들웨어' },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, key);
}

export function formatMessage(key: MessageKey, locale: Locale, params: MessageParams = {}): string {
  const template: string = MESSAGES[key][locale];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}
