<?xml version="1.0"?>
<tileset name="c77"><tileset/><tileset firstgid="9" source="c78.tsx"/></tileset>
