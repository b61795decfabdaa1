10
20
thirty
40
