import ProjectDescription

let project = Project(name: "Journal", targets: [])
