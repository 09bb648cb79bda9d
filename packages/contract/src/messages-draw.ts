/**
 * Message texts of drawing and the image square, merged into MESSAGES by one
 * spread. The spec's own "drawing function not enabled" (`drawing_disabled`)
 * is in messages.ts. Failure reasons of a job (`fail_reason`) are keys here.
 */
export const DRAW_MESSAGES = {
  draw_prompt_required: { zh: '请输入画面描述', en: 'Please describe the picture', ja: '絵の説明を入力してください', ko: '그림 설명을 입력하세요' },
  draw_prompt_too_long: { zh: '画面描述不能超过2000个字符', en: 'The description may not exceed 2,000 characters', ja: '説明は2000文字以内にしてください', ko: '설명은 2,000자를 넘을 수 없습니다' },
  draw_negative_too_long: { zh: '反向提示词不能超过1000个字符', en: 'The negative prompt may not exceed 1,000 characters', ja: 'ネガティブプロンプトは1000文字以内にしてください', ko: '네거티브 프롬프트는 1,000자를 넘을 수 없습니다' },
  draw_size_invalid: { zh: '该模型不支持这个尺寸', en: 'This model does not offer that size', ja: 'このモデルはそのサイズに対応していません', ko: '이 모델은 그 크기를 지원하지 않습니다' },
  draw_model_unavailable: { zh: '该绘画模型暂不可用，请换一个模型', en: 'This drawing model is not available; choose another', ja: 'この描画モデルは利用できません。別のモデルを選んでください', ko: '이 그리기 모델은 사용할 수 없습니다. 다른 모델을 선택하세요' },
  draw_option_invalid: { zh: '该模型不支持所选的{field}', en: 'This model does not take that {field}', ja: 'このモデルは選択した{field}に対応していません', ko: '이 모델은 선택한 {field}을(를) 지원하지 않습니다' },
  draw_reference_required: { zh: '图生图需要上传参考图', en: 'Image-to-image needs a reference picture', ja: '画像から画像を生成するには参考画像が必要です', ko: '이미지로 이미지를 만들려면 참고 이미지가 필요합니다' },
  draw_reference_invalid: { zh: '参考图无效，请重新上传 PNG、JPEG 或 WebP 图片', en: 'The reference picture is not valid; upload a PNG, JPEG or WebP picture again', ja: '参考画像が無効です。PNG、JPEG、WebP の画像をもう一度アップロードしてください', ko: '참고 이미지가 올바르지 않습니다. PNG, JPEG, WebP 이미지를 다시 업로드하세요' },
  draw_sensitive: { zh: '画面描述包含敏感词，请修改后再试', en: 'The description contains a blocked word; change it and try again', ja: '説明に使用できない語が含まれています。修正してもう一度お試しください', ko: '설명에 금지된 단어가 있습니다. 수정한 뒤 다시 시도하세요' },
  draw_insufficient: { zh: '绘画次数不足', en: 'Not enough drawing counts', ja: '描画回数が足りません', ko: '그리기 횟수가 부족합니다' },
  draw_too_many_jobs: { zh: '排队中的绘画任务过多（最多{max}个），请等待完成后再提交', en: 'Too many drawings in the queue (at most {max}); wait for some to finish', ja: '待機中の描画が多すぎます（最大{max}件）。完了を待ってから送信してください', ko: '대기 중인 그리기가 너무 많습니다(최대 {max}개). 완료를 기다린 뒤 제출하세요' },
  draw_not_found: { zh: '绘画记录不存在', en: 'Drawing record not found', ja: '描画記録が見つかりません', ko: '그리기 기록을 찾을 수 없습니다' },
  draw_not_cancellable: { zh: '该绘画任务已结束，不能取消', en: 'This drawing has finished and cannot be cancelled', ja: 'この描画は終了しているためキャンセルできません', ko: '이 그리기는 끝나서 취소할 수 없습니다' },
  draw_fail_refused: { zh: '绘画服务拒绝了该描述（可能涉及不允许的内容），绘画次数已退回', en: 'The drawing service refused this description (it may touch content it does not allow); the drawing count was returned', ja: '描画サービスがこの説明を拒否しました（許可されていない内容の可能性）。描画回数は返却されました', ko: '그리기 서비스가 이 설명을 거부했습니다(허용되지 않는 내용일 수 있음). 그리기 횟수는 반환되었습니다' },
  draw_fail_busy: { zh: '绘画服务繁忙，多次重试后仍未成功，绘画次数已退回', en: 'The drawing service was busy and retries did not succeed; the drawing count was returned', ja: '描画サービスが混み合っており、再試行しても成功しませんでした。描画回数は返却されました', ko: '그리기 서비스가 바빠 재시도해도 성공하지 못했습니다. 그리기 횟수는 반환되었습니다' },
  draw_fail_provider: { zh: '绘画服务出错，绘画次数已退回', en: 'The drawing service failed; the drawing count was returned', ja: '描画サービスでエラーが発生しました。描画回数は返却されました', ko: '그리기 서비스에 오류가 났습니다. 그리기 횟수는 반환되었습니다' },
  draw_fail_timeout: { zh: '绘画超时，绘画次数已退回', en: 'The drawing took too long; the drawing count was returned', ja: '描画がタイムアウトしました。描画回数は返却されました', ko: '그리기 시간이 초과되었습니다. 그리기 횟수는 반환되었습니다' },
  draw_fail_image_missing: { zh: '未能取回绘画结果图片，绘画次数已退回', en: 'The finished picture could not be fetched; the drawing count was returned', ja: '完成した画像を取得できませんでした。描画回数は返却されました', ko: '완성된 그림을 가져오지 못했습니다. 그리기 횟수는 반환되었습니다' },
  draw_fail_channel_disabled: { zh: '管理员停用了该绘画通道，绘画次数已退回', en: 'An administrator switched this drawing channel off; the drawing count was returned', ja: '管理者がこの描画チャネルを停止しました。描画回数は返却されました', ko: '관리자가 이 그리기 채널을 껐습니다. 그리기 횟수는 반환되었습니다' },
  draw_fail_restart: { zh: '服务重启时该绘画无法继续，绘画次数已退回', en: 'The drawing could not continue after a server restart; the drawing count was returned', ja: 'サーバー再起動後に描画を続けられませんでした。描画回数は返却されました', ko: '서버 재시작 후 그리기를 이어 갈 수 없었습니다. 그리기 횟수는 반환되었습니다' },
  draw_cancelled: { zh: '已取消，绘画次数已退回', en: 'Cancelled; the drawing count was returned', ja: 'キャンセルしました。描画回数は返却されました', ko: '취소했습니다. 그리기 횟수는 반환되었습니다' },
  draw_suggest_failed: { zh: '提示词生成失败，请稍后再试', en: 'Suggestions could not be made; try again later', ja: '提案を作成できませんでした。後でもう一度お試しください', ko: '추천을 만들지 못했습니다. 나중에 다시 시도하세요' },
  square_disabled: { zh: '图片广场未开启', en: 'The image square is not enabled', ja: '画像広場は有効になっていません', ko: '이미지 광장이 활성화되지 않았습니다' },
  square_not_found: { zh: '作品不存在或已下架', en: 'The item does not exist or was taken down', ja: '作品が存在しないか、非公開になりました', ko: '작품이 없거나 내려졌습니다' },
  square_published: { zh: '已发布到广场', en: 'Published to the square', ja: '広場に公開しました', ko: '광장에 게시했습니다' },
  square_pending: { zh: '已提交，审核通过后显示在广场', en: 'Submitted; it appears on the square once approved', ja: '送信しました。承認後に広場に表示されます', ko: '제출했습니다. 승인되면 광장에 표시됩니다' },
  square_reported: { zh: '举报已提交，感谢反馈', en: 'Report sent; thank you', ja: '報告を送信しました。ありがとうございます', ko: '신고했습니다. 감사합니다' },
  square_taken_down: { zh: '该作品已被管理员下架或未通过审核，不能再次发布或撤回', en: 'An administrator took this item down or did not approve it; it cannot be published or withdrawn again', ja: 'この作品は管理者により非公開にされたか承認されなかったため、再公開も取り下げもできません', ko: '이 작품은 관리자가 내렸거나 승인하지 않아 다시 게시하거나 철회할 수 없습니다' },
  square_report_own: { zh: '不能举报自己的作品', en: 'You cannot report your own item', ja: '自分の作品は報告できません', ko: '자신의 작품은 신고할 수 없습니다' },
  square_review_invalid: { zh: '该作品当前状态不能执行此操作', en: 'This action does not apply to the item in its current status', ja: '現在の状態の作品にはこの操作を行えません', ko: '현재 상태의 작품에는 이 작업을 할 수 없습니다' },
  square_image_not_found: { zh: '图片不存在', en: 'Picture not found', ja: '画像が見つかりません', ko: '그림을 찾을 수 없습니다' },
  draw_channel_not_found: { zh: '绘画通道不存在', en: 'Drawing channel not found', ja: '描画チャネルが見つかりません', ko: '그리기 채널을 찾을 수 없습니다' },
} as const;
