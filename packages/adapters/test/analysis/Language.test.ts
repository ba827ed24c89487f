/** Language: each language the analyser has stop words for is recognised, and its summaries and tags use them. */
import { describe, expect, it } from "@effect/vitest"
import { detect } from "../../src/analysis/Language.js"
import { analyze } from "../../src/analysis/LocalContentAnalyzer.js"
import { isStopWord } from "../../src/analysis/StopWords.js"

const samples: ReadonlyArray<readonly [string, string]> = [
  [
    "ar",
    "أعلنت وزارة الثقافة أن المكتبة الوطنية ستفتح أبوابها من جديد بعد أعمال ترميم استمرت عامين، وأن الزوار سيتمكنون من تصفح المخطوطات القديمة."
  ],
  [
    "fa",
    "کتابخانه ملی پس از دو سال بازسازی دوباره باز شد و بازدیدکنندگان می‌توانند نسخه‌های خطی قدیمی را ببینند که در گنجینه نگهداری می‌شوند."
  ],
  ["he", "הספרייה הלאומית נפתחה מחדש אחרי שנתיים של שיפוצים, והמבקרים יכולים לעיין בכתבי יד עתיקים שנשמרו באוצר."],
  [
    "ru",
    "Национальная библиотека снова открылась после двух лет ремонта, и посетители могут увидеть старинные рукописи из хранилища."
  ],
  ["th", "หอสมุดแห่งชาติเปิดให้บริการอีกครั้งหลังการปรับปรุงนานสองปี ผู้เข้าชมสามารถชมต้นฉบับโบราณที่เก็บรักษาไว้ในคลัง"],
  [
    "ko",
    "국립도서관이 2년간의 보수 공사를 마치고 다시 문을 열었으며 방문객들은 보관소에 있던 오래된 필사본을 볼 수 있다."
  ],
  [
    "sv",
    "Nationalbiblioteket har öppnat igen efter två års renovering, och besökarna kan se de gamla handskrifterna som förvaras i valvet."
  ],
  [
    "cs",
    "Národní knihovna se po dvou letech oprav znovu otevřela a návštěvníci si mohou prohlédnout staré rukopisy, které jsou uloženy v trezoru."
  ],
  [
    "pl",
    "Biblioteka Narodowa została ponownie otwarta po dwóch latach remontu i zwiedzający mogą zobaczyć stare rękopisy, które są przechowywane w skarbcu."
  ],
  [
    "tr",
    "Milli Kütüphane iki yıl süren onarımın ardından yeniden açıldı ve ziyaretçiler kasada saklanan eski el yazmalarını bu hafta görebilecek."
  ]
]

describe("Language", () => {
  it("recognises languages by their script or their function words", () => {
    for (const [language, text] of samples) expect(detect(text), language).toBe(language)
  })

  it("Chinese with a kana emoticon or brand name in it is still Chinese; Japanese writes kana on every line", () => {
    expect(
      detect(
        "楓紅總是不等人的，我們這一周跟上周相比較的話就差很大，選對時間才是最重要的事情。露營的朋友們都說這裡的楓葉最美。ヽ(・∀・)ノ"
      )
    ).toBe("zh")
    expect(detect("東京の桜が満開になりました。気象庁によると、平年より五日早い開花です。")).toBe("ja")
  })

  it("an Arabic page: a summary of its sentences (ending in \"؟\" too) and tags that are none of its stop words", () => {
    const sentences = [
      "أعلنت وزارة الثقافة أن المكتبة الوطنية ستفتح أبوابها من جديد بعد أعمال ترميم استمرت عامين.",
      "وقالت الوزارة إن المكتبة الوطنية تضم أكثر من مليون كتاب ومخطوطة نادرة جمعت خلال قرنين.",
      "هل ستعرض المكتبة الوطنية المخطوطات النادرة للجمهور؟",
      "وأضافت أن المخطوطات النادرة ستعرض في قاعة جديدة مجهزة للحفاظ عليها من الرطوبة والضوء."
    ]
    const text = sentences.join(" ")
    const { summary, tags } = analyze({ text, title: "افتتاح المكتبة الوطنية من جديد" })
    expect(summary).not.toBe("")
    for (const part of summary.split(/(?<=[.؟])\s+/)) expect(sentences).toContain(part)
    expect(tags.length).toBeGreaterThan(0)
    for (const tag of tags) {
      expect(text).toContain(tag)
      for (const word of tag.split(" ")) expect(isStopWord(word, "ar"), word).toBe(false)
    }
  })
})
