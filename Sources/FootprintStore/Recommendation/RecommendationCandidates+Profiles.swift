import FootprintGeo

extension RecommendationCandidates {
    /// Calls `body` with the bytes of `span`; `nil` for NULL.
    func withText<Result>(_ span: TextSpan, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard !span.isNull else { return nil }
        return texts.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[Int(span.start)..<Int(span.start + span.count)]))
        }
    }

    /// Numbers every candidate's tags (as ``Hashtag/decode(_:)`` splits them, into ``tagNames``)
    /// and category (into ``categoryNames``), for the similarity term. Each distinct byte string
    /// becomes a `String` once.
    mutating func internProfiles() {
        var categoryBytes = ByteInterner()
        var tagBytes = ByteInterner()
        var tagOfBytes: [Int32] = []
        tagStarts = [0]
        tagStarts.reserveCapacity(count + 1)
        tagIDs = []
        categoryIDs = []
        categoryIDs.reserveCapacity(count)
        categoryNames = []
        let texts = self.texts
        texts.withUnsafeBufferPointer { all in
            func text(_ span: TextSpan) -> UnsafeBufferPointer<UInt8>? {
                span.isNull ? nil : UnsafeBufferPointer(rebasing: all[Int(span.start)..<Int(span.start + span.count)])
            }
            for index in 0..<count {
                if let category = text(categorySpans[index]) {
                    let (number, isNew) = categoryBytes.number(category)
                    if isNew { categoryNames.append(String(decoding: category, as: UTF8.self)) }
                    categoryIDs.append(number)
                } else {
                    categoryIDs.append(-1)
                }
                if let tags = text(tagSpans[index]) {
                    if let ranges = RecommendationTexts.tagRanges(tags) {
                        for range in ranges {
                            let piece = UnsafeBufferPointer(rebasing: tags[range])
                            let (number, isNew) = tagBytes.number(piece)
                            if isNew { tagOfBytes.append(intern(String(decoding: piece, as: UTF8.self))) }
                            tagIDs.append(tagOfBytes[Int(number)])
                        }
                    } else {
                        for tag in Hashtag.decode(String(decoding: tags, as: UTF8.self)) { tagIDs.append(intern(tag)) }
                    }
                }
                tagStarts.append(Int32(tagIDs.count))
            }
        }
    }

    /// What diversity compares of candidate `index` (``DiversityKey``), from its stored texts.
    func diversityKey(_ index: Int, interner: inout DiversityInterner) -> DiversityKey {
        let coordinate = Coordinate(uncheckedLatitude: latitudes[index], longitude: longitudes[index])
        return texts.withUnsafeBufferPointer { all in
            func text(_ span: TextSpan) -> UnsafeBufferPointer<UInt8>? {
                span.isNull ? nil : UnsafeBufferPointer(rebasing: all[Int(span.start)..<Int(span.start + span.count)])
            }
            return interner.key(
                name: text(nameSpans[index]), category: text(categorySpans[index]), tags: text(tagSpans[index]),
                coordinate: coordinate)
        }
    }
}
