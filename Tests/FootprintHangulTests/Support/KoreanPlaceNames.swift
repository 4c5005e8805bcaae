/// Real-looking Korean place names for the property tests: chains, neighbourhoods, the names the
/// issue mentions, and names with Latin letters, digits, double consonants, compound vowels and
/// every final-consonant cluster. Written for these tests (not copied from a data set).
enum KoreanPlaceNames {
    static let all: [String] = [
        "스타벅스 강남역점", "스타벅스 강남점", "스타벅스강남역점", "까치", "까치네 분식", "안녕하세요 카페", "완료", "닭갈비",
        "춘천 닭갈비", "읽다 서점", "강남역", "강남", "신강남 노래방", "강북구청", "CGV 강남", "CGV강남", "메가박스 코엑스",
        "제이샵", "제주 흑돼지", "희미용실", "꽃집", "동네빵집", "쌍문동", "쌍문 꽃집", "망원 한강공원", "한강공원 여의도",
        "이마트24 합정점", "GS25 역삼점", "세븐일레븐 7eleven", "올리브영 명동본점", "과일가게", "괜찮은 국밥", "왱왱 떡볶이",
        "의정부 부대찌개", "뷁 라멘", "값진 고기", "앉은뱅이 술집", "많이 주는 집", "삶은 계란", "넋 놓고", "여덟시 바",
        "곬 공방", "핥는 아이스크림", "읊조리는 서재", "싫은 날엔 커피", "메가커피 문래역점", "한솥도시락 신당본점",
        "미아 민름다스튜디오", "방배 진경꽃집", "서울숲 오름", "빽다방", "따릉이 대여소", "짜장면 달인", "ㅋㅋ 오락실",
        "Café 드 파리", "＃야경 명소", "ＣＧＶ 용산", "달걀 가게", "가가 라이브", "가치 갤러리", "까페 미미",
    ]
}
