import type { Locale } from '@xueba/contract';

/**
 * Labelled questions for the offline channel's ranking across sources
 * (decision 0030): product questions the help centre answers (any of
 * `topics` is a right first citation) and research questions the paper corpus
 * answers (papers first, no help passage cited). Japanese and Korean research
 * questions carry English terms, as researchers write them: the offline
 * dictionary translates Chinese only.
 *
 * `TUNING` is the set the help keywords and the ranking were developed on;
 * `CHECK` was written afterwards, in other words, and only measured, to see
 * how far the choices carry to questions they were not fitted to.
 */
export interface ProductQuestion {
  kind: 'product';
  locale: Locale;
  q: string;
  topics: string[];
}

export interface ResearchQuestion {
  kind: 'research';
  locale: Locale;
  q: string;
}

export type OfflineQuestion = ProductQuestion | ResearchQuestion;

const p = (locale: Locale, q: string, ...topics: string[]): ProductQuestion => ({ kind: 'product', locale, q, topics });
const r = (locale: Locale, q: string): ResearchQuestion => ({ kind: 'research', locale, q });

export const TUNING: OfflineQuestion[] = [
  // payments
  p('en', 'How do I pay for a membership?', 'payments', 'membership'),
  p('en', 'Can I pay with Alipay?', 'payments'),
  p('en', 'I paid but my balance did not change', 'payments', 'billing'),
  p('zh', '会员怎么充值', 'payments', 'membership'),
  p('zh', '可以用微信支付吗', 'payments'),
  p('zh', '付款后多久到账', 'payments'),
  p('zh', '怎么申请退款', 'payments'),
  p('ja', '支払い方法を教えてください', 'payments'),
  p('ja', 'チャージはどうやってしますか', 'payments'),
  p('ko', '멤버십은 어떻게 결제하나요', 'payments', 'membership'),
  p('ko', '충전은 어떻게 하나요', 'payments'),
  // membership
  p('en', 'What do VIP members get?', 'membership', 'billing'),
  p('en', 'How do I become a member?', 'membership'),
  p('zh', '开通会员有什么好处', 'membership', 'billing'),
  p('zh', '会员到期了怎么续费', 'membership', 'payments'),
  p('ja', '会員になるにはどうすればいいですか', 'membership'),
  p('ja', 'VIP会員の特典は何ですか', 'membership', 'billing'),
  p('ko', 'VIP 회원은 무엇이 좋나요', 'membership', 'billing'),
  p('ko', '회원 만료일은 어디서 확인하나요', 'membership'),
  // invitations
  p('en', 'How do I invite a friend?', 'invitations'),
  p('en', 'What reward do I get for inviting friends?', 'invitations'),
  p('zh', '怎么邀请好友', 'invitations'),
  p('zh', '佣金怎么提现', 'invitations'),
  p('ja', '友だちを招待するにはどうすればいいですか', 'invitations'),
  p('ja', '招待リンクはどこにありますか', 'invitations'),
  p('ko', '친구 초대는 어떻게 하나요', 'invitations'),
  p('ko', '초대 보상은 언제 받나요', 'invitations'),
  // documents
  p('en', 'How do I upload a PDF document?', 'documents'),
  p('en', 'What file formats can I upload?', 'documents'),
  p('zh', '怎么上传文档', 'documents'),
  p('zh', '支持哪些文件格式', 'documents'),
  p('ja', '文書をアップロードする方法', 'documents'),
  p('ja', 'アップロードできるファイルの形式は', 'documents'),
  p('ko', '문서는 어떻게 업로드하나요', 'documents'),
  p('ko', '파일 크기 제한이 있나요', 'documents'),
  // search
  p('en', 'How do I search for papers?', 'search'),
  p('en', 'How can I filter search results by year?', 'search'),
  p('zh', '怎么检索文献', 'search'),
  p('zh', '如何搜索论文', 'search'),
  p('ja', '論文を検索するにはどうすればいいですか', 'search'),
  p('ko', '논문 검색은 어떻게 하나요', 'search'),
  // account
  p('en', 'I forgot my password', 'account'),
  p('en', 'How do I change my nickname?', 'account'),
  p('zh', '忘记密码怎么办', 'account'),
  p('zh', '怎么修改头像', 'account'),
  p('ja', 'パスワードを忘れました', 'account'),
  p('ja', 'ログインできません', 'account'),
  p('ko', '비밀번호를 잊어버렸어요', 'account'),
  p('ko', '로그인이 안 돼요', 'account'),
  // chat, templates, models
  p('en', 'How do I export a conversation?', 'chat'),
  p('zh', '怎么用英文润色模板', 'templates'),
  p('ja', 'AIモデルを接続するには', 'models'),
  p('ko', '답변을 중지하려면 어떻게 하나요', 'chat'),
  // research
  r('en', 'What is the attention mechanism?'),
  r('en', 'membership inference attacks on language models'),
  r('en', 'How do transformers handle long documents?'),
  r('en', 'low-resource machine translation'),
  r('en', 'named entity recognition with BERT'),
  r('en', 'evaluation metrics for text summarization'),
  r('en', 'What is a language model?'),
  r('en', 'classifying legislative bills'),
  r('en', 'question answering over documents'),
  r('en', 'citation recommendation for scientific papers'),
  r('zh', '什么是注意力机制？'),
  r('zh', '机器翻译的评价方法'),
  r('zh', '命名实体识别'),
  r('zh', '文本摘要'),
  r('zh', '情感分析的数据集'),
  r('zh', '预训练语言模型'),
  r('ja', 'BERTのfine-tuningについて'),
  r('ja', 'Transformerのattention機構とは'),
  r('ja', '低資源言語のneural machine translation'),
  r('ko', 'BERT 파인튜닝 방법'),
  r('ko', 'transformer 모델의 attention'),
  r('ko', 'named entity recognition 데이터셋'),
  r('ko', 'sentiment analysis 연구'),
];

export const CHECK: OfflineQuestion[] = [
  p('en', 'Where can I see my orders?', 'payments'),
  p('en', 'Is there a refund policy?', 'payments'),
  p('en', 'How much does VIP cost?', 'membership', 'payments'),
  p('en', 'How do I use a redeem code?', 'payments'),
  p('en', 'Can I get an invoice?', 'payments'),
  p('en', 'How do I withdraw my commission?', 'invitations'),
  p('en', 'Where is my referral link?', 'invitations'),
  p('en', 'Why did my document fail to process?', 'documents'),
  p('en', 'How many files can I upload at once?', 'documents'),
  p('en', 'How do I delete my account?', 'account'),
  p('en', 'How do I log in with Google?', 'account'),
  p('en', 'Why is my account locked?', 'account'),
  p('en', 'How do I cite a paper?', 'search'),
  p('en', 'Does it cost money to chat?', 'billing'),
  p('zh', '怎么用兑换码', 'payments'),
  p('zh', '支付宝付款失败', 'payments'),
  p('zh', '订单在哪里看', 'payments'),
  p('zh', 'VIP多少钱', 'membership', 'payments'),
  p('zh', '邀请的朋友注册了我没有收到奖励', 'invitations'),
  p('zh', '每日签到在哪里', 'invitations'),
  p('zh', '上传的PDF一直在处理中', 'documents'),
  p('zh', '文档最大多大', 'documents'),
  p('zh', '收不到验证码', 'account'),
  p('zh', '怎么修改密码', 'account'),
  p('zh', '论文怎么收藏', 'search'),
  p('zh', '对话次数用完了怎么办', 'billing', 'payments', 'membership'),
  p('ja', '領収書は発行できますか', 'payments'),
  p('ja', '注文をキャンセルしたい', 'payments'),
  p('ja', '会員の有効期限を確認したい', 'membership'),
  p('ja', '紹介報酬はいつもらえますか', 'invitations'),
  p('ja', 'PDFがアップロードできない', 'documents'),
  p('ja', 'ニックネームを変更したい', 'account'),
  p('ja', '論文をお気に入りに追加するには', 'search'),
  p('ko', '환불 받을 수 있나요', 'payments'),
  p('ko', '주문을 취소하고 싶어요', 'payments'),
  p('ko', 'VIP 가격은 얼마인가요', 'membership', 'payments'),
  p('ko', '출금은 어떻게 신청하나요', 'invitations'),
  p('ko', '업로드할 수 있는 파일 형식', 'documents'),
  p('ko', '닉네임을 바꾸고 싶어요', 'account'),
  p('ko', '논문 인용은 어떻게 복사하나요', 'search'),
  r('en', 'graph neural networks for relation extraction'),
  r('en', 'How do large language models memorize training data?'),
  r('en', 'payment fraud detection with text'),
  r('en', 'dialogue systems for customer service'),
  r('en', 'password strength and language'),
  r('en', 'document-level relation extraction'),
  r('en', 'What are the benefits of multilingual pretraining?'),
  r('en', 'How to evaluate open-domain question answering?'),
  r('zh', '知识图谱嵌入'),
  r('zh', '对话系统的评估'),
  r('zh', '如何提高低资源语言的机器翻译质量'),
  r('zh', '大语言模型的幻觉问题'),
  r('zh', '文本分类的方法有哪些'),
  r('ja', 'knowledge distillationの手法'),
  r('ja', 'LLMのhallucinationを減らすには'),
  r('ko', 'question answering 벤치마크'),
  r('ko', 'LLM hallucination 줄이는 방법'),
];
