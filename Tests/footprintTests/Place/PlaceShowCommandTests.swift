import FootprintTestSupport
import Foundation
import Testing

/// `place show` reads back every stored field of a place and of its visits.
@Suite struct PlaceShowCommandTests {
    let directory: TemporaryDirectory
    let db: String

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
    }

    /// A column of the database as `sqlite3` reads it.
    func stored(_ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [db, sql]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    @Test func jsonCarriesEveryStoredField() throws {
        let places = directory.file("places.csv")
        try Data(
            """
            id,name,category,lat,lon,tags,likes,address,road_address,phone,visit_time,note
            k1,성수 메밀꽃,음식점>일식,37.5431,127.0546,메밀|소바,12,서울 성동구 성수동2가 300-1,서울 성동구 연무장길 10,02-123-4567,점심,"냉메밀, 여름"

            """.utf8
        ).write(to: places)
        try CLI.run(["--db", db, "import", "places", places.path])
        let visit = try CLI.run([
            "--db", db, "visit", "add", "1", "--arrived", "2024-05-04T12:36+09:00", "--left", "2024-05-04T13:26+09:00",
            "--note", "면이 쫄깃", "--rating", "4",
        ])
        #expect(visit.stdout == "Visit 1 to 성수 메밀꽃 on 2024-05-04, rated 4.\n")
        try CLI.run(["--db", db, "visit", "add", "1", "--arrived", "2024-05-10T19:00-07:00"])
        let created = try stored("SELECT created_at FROM places WHERE id = 1")
        let updated = try stored("SELECT updated_at FROM places WHERE id = 1")
        #expect(created.hasSuffix("Z") && created.count == 24)
        let show = try CLI.run(["--db", db, "place", "show", "1", "--json"])
        #expect(show.status == 0)
        #expect(
            show.stdout
                == #"[{"id":1,"name":"성수 메밀꽃","lat":37.5431,"lon":127.0546,"category":"음식점 > 일식","tags":["메밀","소바"],"likes":12,"address":"서울 성동구 성수동2가 300-1","source":"places.csv","source_id":"k1","road_address":"서울 성동구 연무장길 10","phone":"02-123-4567","visit_time":"점심","best_time":null,"note":"냉메밀, 여름","sources":[{"source":"places.csv","source_id":"k1"}],"edited":[],"#
                + #""created_at":"\#(created)","updated_at":"\#(updated)","visits":[{"id":1,"arrived":"2024-05-04T12:36:00+09:00","left":"2024-05-04T13:26:00+09:00","local_date":"2024-05-04","name":null,"note":"면이 쫄깃","rating":4,"source":null},{"id":2,"arrived":"2024-05-10T19:00:00-07:00","left":null,"local_date":"2024-05-10","name":null,"note":null,"rating":null,"source":null}],"related":[]}]"#
                + "\n")
        let table = try CLI.run(["--db", db, "place", "show", "1"])
        #expect(
            table.stdout == """
                1  성수 메밀꽃
                  at        37.5431,127.0546
                  category  음식점 > 일식
                  tags      #메밀 #소바
                  likes     12
                  road      서울 성동구 연무장길 10
                  address   서울 성동구 성수동2가 300-1
                  phone     02-123-4567
                  best time 점심
                  source    places.csv #k1
                  note      냉메밀, 여름
                  visit     2024-05-04T12:36:00+09:00 – 2024-05-04T13:26:00+09:00  ★4  면이 쫄깃
                  visit     2024-05-10T19:00:00-07:00

                """)
    }

    @Test func aPlaceAddedByHandHasNoSources() throws {
        try CLI.run(["--db", db, "init"])
        try CLI.run(["--db", db, "place", "add", "--name", "집", "--at", "37.5,127"])
        let show = try CLI.run(["--db", db, "place", "show", "1", "--json"])
        #expect(
            show.stdout.contains(
                #""source":null,"source_id":null,"road_address":null,"phone":null,"visit_time":null,"best_time":null,"note":null,"sources":[],"#
            ))
        #expect(show.stdout.hasSuffix(#""visits":[],"related":[]}]"# + "\n"))
    }
}
